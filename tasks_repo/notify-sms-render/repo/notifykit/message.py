"""A message to one recipient, with a priority."""

from __future__ import annotations

from dataclasses import dataclass

PRIORITIES = ("low", "normal", "high", "urgent")


@dataclass(frozen=True)
class Message:
    recipient: str
    subject: str
    body: str
    priority: str = "normal"

    def __post_init__(self) -> None:
        if self.priority not in PRIORITIES:
            raise ValueError(f"priority must be one of {', '.join(PRIORITIES)}, got {self.priority!r}")
        if not self.recipient:
            raise ValueError("a message needs a recipient")

    @property
    def rank(self) -> int:
        return PRIORITIES.index(self.priority)

    def with_body(self, body: str) -> "Message":
        return Message(self.recipient, self.subject, body, self.priority)
