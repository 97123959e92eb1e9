"""Line items: what was sold, how many, at what unit price."""

from __future__ import annotations

from dataclasses import dataclass

from .money import Money


@dataclass(frozen=True)
class LineItem:
    description: str
    quantity: int
    unit_price: Money
    category: str = "service"

    def __post_init__(self) -> None:
        if self.quantity <= 0:
            raise ValueError(f"quantity must be positive, got {self.quantity}")
        if not self.description.strip():
            raise ValueError("a line item needs a description")

    @property
    def amount(self) -> Money:
        return self.unit_price.times(self.quantity)


def parse_line(line: str, currency: str = "EUR") -> LineItem:
    """'3 x Design review @ 120.00 [consulting]' -> LineItem."""
    category = "service"
    if line.rstrip().endswith("]") and "[" in line:
        line, _, rest = line.rpartition("[")
        category = rest.rstrip().rstrip("]").strip()
    qty_part, _, rest = line.partition(" x ")
    desc, _, price = rest.rpartition("@")
    return LineItem(desc.strip(), int(qty_part), Money.parse(price, currency), category)


def by_category(items: list[LineItem]) -> dict[str, list[LineItem]]:
    groups: dict[str, list[LineItem]] = {}
    for item in items:
        groups.setdefault(item.category, []).append(item)
    return groups
