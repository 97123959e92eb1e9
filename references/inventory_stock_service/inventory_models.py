"""Inventory domain model: items and the stock error."""

from __future__ import annotations

from dataclasses import dataclass


class StockError(Exception):
    """A shipment asked for more units than are on hand."""


@dataclass
class Item:
    """One stock-keeping unit with its cost, quantity on hand and reorder level."""

    sku: str
    name: str
    unit_cost_cents: int
    quantity: int = 0
    reorder_level: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.sku, str) or not self.sku:
            raise ValueError("sku must be a non-empty string")
        for field_name in ("unit_cost_cents", "quantity", "reorder_level"):
            if getattr(self, field_name) < 0:
                raise ValueError(f"{field_name} must be >= 0")

    def value_cents(self) -> int:
        return self.unit_cost_cents * self.quantity

    def needs_reorder(self) -> bool:
        return self.quantity <= self.reorder_level
