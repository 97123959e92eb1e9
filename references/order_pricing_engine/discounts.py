"""Discount rules: percent off a category, buy-X-get-Y, order threshold."""

from __future__ import annotations

from order_models import LineItem, Order


class PercentOff:
    """A percentage off every line of one category."""

    def __init__(self, category: str, percent: int) -> None:
        self.category = category
        self.percent = percent

    def line_discount(self, line: LineItem) -> int:
        if line.product.category != self.category:
            return 0
        return line.gross_cents() * self.percent // 100


class BuyXGetY:
    """For every buy+free units of one sku, ``free`` units cost nothing."""

    def __init__(self, sku: str, buy: int, free: int) -> None:
        self.sku = sku
        self.buy = buy
        self.free = free

    def line_discount(self, line: LineItem) -> int:
        if line.product.sku != self.sku:
            return 0
        groups = line.qty // (self.buy + self.free)
        return groups * self.free * line.product.price_cents


class OrderThreshold:
    """A fixed amount off the whole order above a minimum; no line discounts."""

    def __init__(self, min_cents: int, off_cents: int) -> None:
        self.min_cents = min_cents
        self.off_cents = off_cents

    def line_discount(self, line: LineItem) -> int:
        return 0


def line_discounts(order: Order, rules: list) -> dict[str, int]:
    result = {}
    for line in order.lines:
        total = sum(rule.line_discount(line) for rule in rules)
        result[line.product.sku] = min(total, line.gross_cents())
    return result
