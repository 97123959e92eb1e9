"""The channel contract: render a message to text (priority tag, length limit), then deliver it."""

from __future__ import annotations

from .message import Message
from .outbox import Outbox, Sent

TAGS = {"high": "[HIGH] ", "urgent": "[URGENT] "}
ELLIPSIS = "..."


class Channel:
    """Subclasses set ``name`` and ``max_length`` and say how an address looks; ``render`` adds the
    priority tag and enforces the length limit, so overrides should build on it."""

    name = "channel"
    max_length: int | None = None

    def __init__(self, outbox: Outbox, directory: dict[str, dict[str, str]]) -> None:
        self.outbox = outbox
        self.directory = directory

    def address_of(self, recipient: str) -> str | None:
        return self.directory.get(recipient, {}).get(self.name)

    def compose(self, message: Message) -> str:
        """The text before tags and limits (subclasses change this, not render)."""
        return f"{message.subject}: {message.body}"

    def render(self, message: Message, text: str | None = None) -> str:
        text = TAGS.get(message.priority, "") + (self.compose(message) if text is None else text)
        return limit(text, self.max_length)

    def deliver(self, message: Message) -> Sent:
        address = self.address_of(message.recipient)
        if address is None:
            raise LookupError(f"{message.recipient} has no {self.name} address")
        return self.outbox.put(self.name, address, self.render(message))


def limit(text: str, max_length: int | None) -> str:
    """Cut ``text`` to ``max_length`` characters, ending with an ellipsis when cut."""
    if max_length is None or len(text) <= max_length:
        return text
    return text[: max_length - len(ELLIPSIS)] + ELLIPSIS
