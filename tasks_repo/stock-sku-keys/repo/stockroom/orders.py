"""Customer orders: reserve stock for every line or for none."""

from __future__ import annotations

from dataclasses import dataclass, field

from .catalog import Catalog
from .stock import Stock


class OutOfStock(RuntimeError):
    """An order line asks for more than the stock holds."""


@dataclass
class Order:
    number: int
    lines: list[tuple[str, int]] = field(default_factory=list)

    def add(self, sku: str, quantity: int) -> "Order":
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self.lines.append((sku, quantity))
        return self


def total_cents(order: Order, catalog: Catalog) -> int:
    return sum(catalog.get(sku).price_cents * qty for sku, qty in order.lines)


def place(order: Order, catalog: Catalog, stock: Stock) -> int:
    """Take every line from stock (all or nothing); returns the order total in cents."""
    for sku, qty in order.lines:
        catalog.get(sku)
        if stock.level(sku) < qty:
            raise OutOfStock(f"order {order.number}: {sku} has {stock.level(sku)}, needs {qty}")
    for sku, qty in order.lines:
        stock.move(sku, -qty, f"order {order.number}")
    return total_cents(order, catalog)
