"""Returns: a customer sends goods back within 30 days; the shop refunds minus a fee."""

from __future__ import annotations

from .order import Order
from .payments import Ledger, refund

RETURN_DAYS = 30
FEE_CENTS = {"shipped": 0, "delivered": 0}


def accept_return(order: Order, ledger: Ledger, days_since_dispatch: int) -> int:
    """Refund a shipped or delivered order returned in time; returns the refunded cents."""
    if days_since_dispatch > RETURN_DAYS:
        raise ValueError(f"order {order.number}: returns are accepted for {RETURN_DAYS} days")
    if order.state not in FEE_CENTS:
        raise ValueError(f"order {order.number} is {order.state}; only sent orders can be returned")
    return refund(order, ledger, FEE_CENTS[order.state])
