"""E-mail: subject line, body, signature; no length limit."""

from __future__ import annotations

from .base import Channel
from .message import Message

SIGNATURE = "\n-- \nsent by notifykit"


class EmailChannel(Channel):
    name = "email"

    def compose(self, message: Message) -> str:
        return f"Subject: {message.subject}\n\n{message.body}{SIGNATURE}"
