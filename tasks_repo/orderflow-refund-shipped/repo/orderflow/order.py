"""An order: lines, a state, and the history of events applied to it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .states import InvalidTransition, next_state


@dataclass
class Order:
    number: int
    lines: list[tuple[str, int, int]] = field(default_factory=list)  # (sku, quantity, unit cents)
    state: str = "new"
    history: list[str] = field(default_factory=list)

    @property
    def total_cents(self) -> int:
        return sum(q * c for _, q, c in self.lines)

    def add_line(self, sku: str, quantity: int, unit_cents: int) -> "Order":
        if self.state != "new":
            raise InvalidTransition(f"order {self.number} is {self.state}; lines can only be added to new orders")
        self.lines.append((sku, quantity, unit_cents))
        return self

    def apply(self, event: str) -> str:
        target = next_state(self.state, event)
        if target is None:
            raise InvalidTransition(f"order {self.number}: cannot {event} when {self.state}")
        self.history.append(f"{self.state} -{event}-> {target}")
        self.state = target
        return target
