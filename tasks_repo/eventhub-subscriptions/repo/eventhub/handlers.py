"""The handler contract: a class lists the event names it handles; ``handle`` returns a note."""

from __future__ import annotations

from typing import ClassVar

from .events import Event


class Handler:
    """Subclasses declare their events with ``listens_to`` (a class-level declaration that
    subclasses of subclasses inherit) and implement ``handle``."""

    subscriptions: ClassVar[list[str]] = []

    @classmethod
    def listens_to(cls, *names: str) -> None:
        for name in names:
            Event(name)  # validates the name
        cls.subscriptions.extend(names)

    @classmethod
    def wants(cls, event: Event) -> bool:
        return event.name in cls.subscriptions

    def handle(self, event: Event) -> str:
        raise NotImplementedError
