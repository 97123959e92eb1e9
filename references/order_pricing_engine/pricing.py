"""Quote an order: line discounts, per-line tax, then the order discount."""

from __future__ import annotations

import math
from dataclasses import dataclass

from discounts import OrderThreshold, line_discounts
from order_models import Order


def round_half_up_cents(value: float) -> int:
    return math.floor(value + 0.5)


@dataclass
class QuoteLine:
    """One priced line."""

    sku: str
    qty: int
    gross: int
    discount: int
    net: int
    tax: int


@dataclass
class Quote:
    """The priced order."""

    lines: list[QuoteLine]
    subtotal: int
    discount: int
    tax: int
    total: int


def quote(order: Order, rules: list, tax_rates: dict[str, float], default_rate: float = 0) -> Quote:
    discounts = line_discounts(order, rules)
    lines = []
    for item in order.lines:
        gross = item.gross_cents()
        off = discounts[item.product.sku]
        net = gross - off
        rate = tax_rates.get(item.product.category, default_rate) if item.product.taxable else 0
        tax = round_half_up_cents(net * rate / 100)
        lines.append(QuoteLine(item.product.sku, item.qty, gross, off, net, tax))
    net_sum = sum(line.net for line in lines)
    tax_sum = sum(line.tax for line in lines)
    offers = [r.off_cents for r in rules if isinstance(r, OrderThreshold) and net_sum >= r.min_cents]
    order_off = min(max(offers, default=0), net_sum + tax_sum)
    return Quote(
        lines=lines,
        subtotal=sum(line.gross for line in lines),
        discount=sum(line.discount for line in lines) + order_off,
        tax=tax_sum,
        total=net_sum + tax_sum - order_off,
    )
