"""Daily figures: orders by state, revenue net of refunds."""

from __future__ import annotations

from collections import Counter

from .order import Order
from .payments import Ledger


def by_state(orders: list[Order]) -> dict[str, int]:
    return dict(sorted(Counter(o.state for o in orders).items()))


def net_revenue(ledger: Ledger) -> int:
    return ledger.balance()


def refund_rate(orders: list[Order]) -> float:
    paid = [o for o in orders if any("-pay->" in h for h in o.history)]
    if not paid:
        return 0.0
    return round(sum(o.state == "refunded" for o in paid) / len(paid), 3)
