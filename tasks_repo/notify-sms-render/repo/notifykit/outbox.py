"""Where channels put what they would send (the transport of this library is an outbox)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sent:
    channel: str
    address: str
    text: str


@dataclass
class Outbox:
    sent: list[Sent] = field(default_factory=list)

    def put(self, channel: str, address: str, text: str) -> Sent:
        item = Sent(channel, address, text)
        self.sent.append(item)
        return item

    def for_channel(self, channel: str) -> list[Sent]:
        return [s for s in self.sent if s.channel == channel]

    def clear(self) -> None:
        self.sent.clear()
