"""Restocking: which products fell below their minimum, and how many packs to order."""

from __future__ import annotations

import math

from .catalog import Catalog
from .skus import display
from .stock import Stock


def shortfalls(catalog: Catalog, stock: Stock, minimum: dict[str, int]) -> dict[str, int]:
    """Canonical SKU -> units missing to reach its minimum (only products below it)."""
    out = {}
    for product in catalog:
        want = minimum.get(product.sku, 0)
        have = stock.level(product.sku)
        if have < want:
            out[product.sku] = want - have
    return out


def purchase_list(catalog: Catalog, stock: Stock, minimum: dict[str, int]) -> list[str]:
    lines = []
    for sku, missing in shortfalls(catalog, stock, minimum).items():
        product = catalog.get(sku)
        packs = math.ceil(missing / product.pack_size)
        lines.append(f"{display(sku)} {product.name}: {packs} x {product.pack_size}")
    return lines
