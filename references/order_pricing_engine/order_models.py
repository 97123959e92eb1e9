"""Products, order lines and orders."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    """Something we sell, with its unit price and tax category."""

    sku: str
    name: str
    price_cents: int
    category: str
    taxable: bool = True


@dataclass
class LineItem:
    """A product and how many units of it."""

    product: Product
    qty: int

    def gross_cents(self) -> int:
        return self.product.price_cents * self.qty


def _check_qty(qty: object) -> int:
    if isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
        raise ValueError(f"qty must be an int >= 1, got {qty!r}")
    return qty


class Order:
    """Lines keyed by sku, kept in the order they were first added."""

    def __init__(self) -> None:
        self.lines: list[LineItem] = []

    def _find(self, sku: str) -> LineItem | None:
        for line in self.lines:
            if line.product.sku == sku:
                return line
        return None

    def add(self, product: Product, qty: int = 1) -> None:
        _check_qty(qty)
        line = self._find(product.sku)
        if line is None:
            self.lines.append(LineItem(product, qty))
        else:
            line.qty += qty

    def remove(self, sku: str, qty: int) -> None:
        _check_qty(qty)
        line = self._find(sku)
        if line is None:
            raise KeyError(sku)
        if qty > line.qty:
            raise ValueError(f"cannot remove {qty} of {sku}; only {line.qty}")
        line.qty -= qty
        if line.qty == 0:
            self.lines.remove(line)

    def subtotal_cents(self) -> int:
        return sum(line.gross_cents() for line in self.lines)
