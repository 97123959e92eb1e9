"""Customer accounts: the current subscription, its history, upgrades with a prorated credit."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .catalog import plan_for


@dataclass
class Subscription:
    code: str
    months: int
    start: date
    paid_cents: int

    def months_used(self, today: date) -> int:
        used = (today.year - self.start.year) * 12 + today.month - self.start.month
        return max(0, min(self.months, used))


@dataclass
class Account:
    email: str
    history: list[Subscription] = field(default_factory=list)

    @property
    def current(self) -> Subscription | None:
        return self.history[-1] if self.history else None

    def subscribe(self, code: str, months: int, start: date) -> Subscription:
        sub = Subscription(code, months, start, plan_for(code).price_for(months))
        self.history.append(sub)
        return sub

    def credit(self, today: date) -> int:
        """What is left of the current subscription, in cents, pro rata by month."""
        sub = self.current
        if sub is None:
            return 0
        left = sub.months - sub.months_used(today)
        return sub.paid_cents * left // sub.months

    def upgrade(self, code: str, months: int, today: date) -> int:
        """Switch plans now; returns what the customer pays after the credit."""
        credit = self.credit(today)
        sub = self.subscribe(code, months, today)
        return max(0, sub.paid_cents - credit)
