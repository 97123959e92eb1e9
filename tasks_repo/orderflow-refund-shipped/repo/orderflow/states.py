"""Order states and which events move an order from one state to the next."""

from __future__ import annotations

STATES = ("new", "paid", "packed", "shipped", "delivered", "cancelled", "refunded")


class InvalidTransition(RuntimeError):
    """An event that the order's current state does not allow."""


def next_state(state: str, event: str) -> str | None:
    """The state after ``event``, or None when the event is not allowed in ``state``.

    Cancelling is possible until the order is packed; a refund is possible once it is paid,
    also after shipping and delivery (returns), but not twice.
    """
    if event == "pay" and state == "new":
        return "paid"
    if event == "pack" and state == "paid":
        return "packed"
    if event == "ship" and state == "packed":
        return "shipped"
    if event == "deliver" and state == "shipped":
        return "delivered"
    if event == "cancel" and state in ("new", "paid"):
        return "cancelled"
    if event == "refund" and state in ("paid", "packed", "delivered"):
        return "refunded"
    return None
