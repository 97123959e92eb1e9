"""Push notifications: title and a short body (the app shows 120 characters)."""

from __future__ import annotations

from .base import Channel
from .message import Message


class PushChannel(Channel):
    name = "push"
    max_length = 120

    def compose(self, message: Message) -> str:
        return f"{message.subject} - {message.body}"

    def render(self, message: Message, text: str | None = None) -> str:
        flat = " ".join((self.compose(message) if text is None else text).split())
        return super().render(message, flat)
