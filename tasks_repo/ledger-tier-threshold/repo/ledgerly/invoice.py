"""An invoice: line items, the volume discount, VAT per category and the amount due."""

from __future__ import annotations

from dataclasses import dataclass, field

from .discounts import DEFAULT_TIERS, Tier, discount_for
from .items import LineItem
from .money import Money, total
from .tax import tax_by_category


@dataclass
class Invoice:
    number: str
    customer: str
    currency: str = "EUR"
    items: list[LineItem] = field(default_factory=list)
    tiers: tuple[Tier, ...] = DEFAULT_TIERS

    def add(self, item: LineItem) -> "Invoice":
        if item.unit_price.currency != self.currency:
            raise ValueError(f"item in {item.unit_price.currency}, invoice in {self.currency}")
        self.items.append(item)
        return self

    @property
    def subtotal(self) -> Money:
        return total([i.amount for i in self.items], self.currency)

    @property
    def discount(self) -> Money:
        return discount_for(self.subtotal, self.tiers)

    @property
    def net(self) -> Money:
        return self.subtotal - self.discount

    def taxes(self) -> dict[str, Money]:
        sub = self.subtotal.cents
        factor = self.net.cents / sub if sub else 1.0
        return tax_by_category(self.items, factor)

    @property
    def tax(self) -> Money:
        return total(list(self.taxes().values()), self.currency)

    @property
    def due(self) -> Money:
        return self.net + self.tax
