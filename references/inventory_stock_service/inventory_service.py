"""Inventory service: stores items by SKU and records every stock movement."""

from __future__ import annotations

from inventory_models import Item, StockError


def _check_qty(qty: object) -> int:
    if isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
        raise ValueError(f"quantity must be a positive integer, got {qty!r}")
    return qty


class Inventory:
    """Items keyed by SKU plus a movement history per SKU."""

    def __init__(self) -> None:
        self._items: dict[str, Item] = {}
        self._history: dict[str, list[tuple[str, int]]] = {}

    def add_item(self, item: Item) -> None:
        if item.sku in self._items:
            raise ValueError(f"duplicate sku {item.sku!r}")
        self._items[item.sku] = item
        self._history[item.sku] = []

    def get(self, sku: str) -> Item:
        if sku not in self._items:
            raise KeyError(sku)
        return self._items[sku]

    def receive(self, sku: str, qty: int) -> int:
        item = self.get(sku)
        _check_qty(qty)
        item.quantity += qty
        self._history[sku].append(("receive", qty))
        return item.quantity

    def _check_ship(self, sku: str, qty: int) -> Item:
        item = self.get(sku)
        _check_qty(qty)
        if qty > item.quantity:
            raise StockError(f"{sku}: asked for {qty}, have {item.quantity}")
        return item

    def ship(self, sku: str, qty: int) -> int:
        item = self._check_ship(sku, qty)
        item.quantity -= qty
        self._history[sku].append(("ship", qty))
        return item.quantity

    def ship_order(self, lines: dict[str, int]) -> None:
        for sku, qty in lines.items():
            self._check_ship(sku, qty)
        for sku, qty in lines.items():
            self.ship(sku, qty)

    def total_value_cents(self) -> int:
        return sum(item.value_cents() for item in self._items.values())

    def reorder_report(self) -> list[tuple[str, int]]:
        low = [(i.sku, i.quantity) for i in self._items.values() if i.needs_reorder()]
        return sorted(low, key=lambda pair: (pair[1], pair[0]))

    def history(self, sku: str) -> list[tuple[str, int]]:
        self.get(sku)
        return list(self._history[sku])
