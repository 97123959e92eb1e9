"""The bus: registered handlers get the events they subscribed to, in registration order."""

from __future__ import annotations

from .events import Event
from .handlers import Handler


class EventBus:
    def __init__(self) -> None:
        self.handlers: list[Handler] = []
        self.dead_letters: list[Event] = []

    def register(self, handler: Handler) -> Handler:
        self.handlers.append(handler)
        return handler

    def publish(self, event: Event) -> list[str]:
        notes = [h.handle(event) for h in self.handlers if h.wants(event)]
        if not notes:
            self.dead_letters.append(event)
        return notes

    def receivers(self, name: str) -> list[str]:
        event = Event(name)
        return [type(h).__name__ for h in self.handlers if h.wants(event)]
