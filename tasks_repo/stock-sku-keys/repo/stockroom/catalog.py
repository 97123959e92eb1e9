"""The catalogue: what we sell, by canonical SKU."""

from __future__ import annotations

from dataclasses import dataclass

from .skus import canonical


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    price_cents: int
    pack_size: int = 1


class Catalog:
    def __init__(self) -> None:
        self._products: dict[str, Product] = {}

    def add(self, sku: str, name: str, price_cents: int, pack_size: int = 1) -> Product:
        product = Product(canonical(sku), name, price_cents, pack_size)
        self._products[product.sku] = product
        return product

    def get(self, sku: str) -> Product:
        key = canonical(sku)
        if key not in self._products:
            raise KeyError(f"{sku} is not in the catalogue")
        return self._products[key]

    def __iter__(self):
        return iter(sorted(self._products.values(), key=lambda p: p.sku))
