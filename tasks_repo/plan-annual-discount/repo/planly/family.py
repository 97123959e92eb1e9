"""Family plans: yearly billing for up to five seats; each seat after the first costs 60%."""

from __future__ import annotations

from .annual import AnnualPlan

MAX_SEATS = 5
EXTRA_SEAT_SHARE = 0.6


class FamilyPlan(AnnualPlan):
    code = "family-annual"
    label = "Family, billed yearly"

    def __init__(self, monthly_cents: int, seats: int = 2) -> None:
        super().__init__(monthly_cents)
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"a family plan has 1 to {MAX_SEATS} seats")
        self.seats = seats

    def price_for(self, months: int) -> int:
        one = super().price_for(months)
        return one + round(one * EXTRA_SEAT_SHARE) * (self.seats - 1)
