"""SMS: one segment of 160 characters, no subject line for low-priority messages."""

from __future__ import annotations

from .base import Channel
from .message import Message


class SmsChannel(Channel):
    name = "sms"
    max_length = 160

    def compose(self, message: Message) -> str:
        if message.priority == "low":
            return message.body
        return f"{message.subject}: {message.body}"

    def render(self, message: Message, text: str | None = None) -> str:
        body = self.compose(message) if text is None else text
        return " ".join(body.split())  # SMS gateways reject line breaks and double spaces
