"""Stock value and movement history."""

from __future__ import annotations

from .catalog import Catalog
from .skus import display
from .stock import Stock


def stock_value_cents(catalog: Catalog, stock: Stock) -> int:
    return sum(p.price_cents * stock.level(p.sku) for p in catalog)


def history(stock: Stock, sku: str) -> list[str]:
    key = sku.strip().upper()
    return [f"{display(m.sku)} {m.delta:+d} ({m.reason})" for m in stock.movements if m.sku == key]
