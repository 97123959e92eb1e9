"""Suppliers and their lead times; which supplier to order a product from."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Supplier:
    name: str
    lead_days: int
    prices: dict[str, int] = field(default_factory=dict)  # canonical SKU -> cents per unit

    def offers(self, sku: str) -> bool:
        return sku in self.prices


def best_supplier(suppliers: list[Supplier], sku: str, urgent: bool = False) -> Supplier:
    """Cheapest supplier of a canonical SKU; when urgent, the fastest (then cheapest)."""
    offering = [s for s in suppliers if s.offers(sku)]
    if not offering:
        raise LookupError(f"no supplier offers {sku}")
    if urgent:
        return min(offering, key=lambda s: (s.lead_days, s.prices[sku], s.name))
    return min(offering, key=lambda s: (s.prices[sku], s.lead_days, s.name))
