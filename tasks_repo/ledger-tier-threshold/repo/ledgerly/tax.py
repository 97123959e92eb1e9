"""VAT rates by category and the tax on a set of line items."""

from __future__ import annotations

from .items import LineItem, by_category
from .money import Money, total

RATES = {"service": 0.19, "consulting": 0.19, "books": 0.07, "food": 0.07, "export": 0.0}


def rate_for(category: str) -> float:
    try:
        return RATES[category]
    except KeyError:
        raise KeyError(f"no VAT rate for category {category!r}") from None


def tax_by_category(items: list[LineItem], factor: float = 1.0) -> dict[str, Money]:
    """Tax per category on the items' amounts scaled by ``factor`` (1 - discount share)."""
    out = {}
    for category, group in by_category(items).items():
        net = total([i.amount for i in group], group[0].unit_price.currency).times(factor)
        out[category] = net.times(rate_for(category))
    return out
