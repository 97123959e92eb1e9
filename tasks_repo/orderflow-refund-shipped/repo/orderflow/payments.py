"""Payments and refunds through a (recorded) payment provider."""

from __future__ import annotations

from dataclasses import dataclass, field

from .order import Order


@dataclass
class Ledger:
    entries: list[tuple[int, int, str]] = field(default_factory=list)  # (order, cents, kind)

    def balance(self) -> int:
        return sum(c for _, c, _ in self.entries)


def pay(order: Order, ledger: Ledger) -> None:
    if not order.lines:
        raise ValueError(f"order {order.number} has no lines")
    order.apply("pay")
    ledger.entries.append((order.number, order.total_cents, "payment"))


def refund(order: Order, ledger: Ledger, restocking_fee_cents: int = 0) -> int:
    """Refund the order's total minus the fee; returns the refunded amount."""
    order.apply("refund")
    amount = max(0, order.total_cents - restocking_fee_cents)
    ledger.entries.append((order.number, -amount, "refund"))
    return amount
