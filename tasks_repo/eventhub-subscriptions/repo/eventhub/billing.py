"""Invoices for paid orders and credit notes for refunds."""

from __future__ import annotations

from .events import Event
from .handlers import Handler


class InvoiceHandler(Handler):
    def __init__(self) -> None:
        self.numbers: list[str] = []

    def handle(self, event: Event) -> str:
        order = event.payload["order"]
        prefix = "CN" if event.name == "order.refunded" else "INV"
        number = f"{prefix}-{order}"
        self.numbers.append(number)
        return f"{number} for {event.payload.get('amount', 0):.2f}"


InvoiceHandler.listens_to("order.paid", "order.refunded")
