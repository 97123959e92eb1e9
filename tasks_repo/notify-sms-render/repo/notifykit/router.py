"""Which channels a message goes through: by priority, the recipient's addresses and the throttle."""

from __future__ import annotations

from .base import Channel
from .email import EmailChannel
from .message import Message
from .outbox import Outbox, Sent
from .push import PushChannel
from .sms import SmsChannel
from .throttle import Throttle

#: channels tried for each priority, in order; the first that can reach the recipient is used,
#: urgent messages go through every channel that can
PLAN = {"low": ("email",), "normal": ("push", "email"), "high": ("sms", "push", "email"),
        "urgent": ("sms", "push", "email")}


class Router:
    def __init__(self, directory: dict[str, dict[str, str]], throttle: Throttle | None = None) -> None:
        self.outbox = Outbox()
        self.throttle = throttle or Throttle()
        self.channels: dict[str, Channel] = {c.name: c for c in (
            EmailChannel(self.outbox, directory), SmsChannel(self.outbox, directory),
            PushChannel(self.outbox, directory))}

    def send(self, message: Message, now: float = 0.0) -> list[Sent]:
        urgent = message.priority == "urgent"
        if not self.throttle.allow(message.recipient, now, urgent):
            return []
        sent = []
        for name in PLAN[message.priority]:
            channel = self.channels[name]
            if channel.address_of(message.recipient) is None:
                continue
            sent.append(channel.deliver(message))
            if not urgent:
                break
        if not sent:
            raise LookupError(f"no channel reaches {message.recipient} for a {message.priority} message")
        return sent
