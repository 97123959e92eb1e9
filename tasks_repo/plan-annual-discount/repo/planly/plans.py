"""The plan contract: a monthly base price and a discount hook that subclasses override."""

from __future__ import annotations


class Plan:
    """``price_for(months)`` = gross - ``_discount(gross, months)``; subclasses override ``_discount``
    (and may call ``super()._discount`` to stack discounts)."""

    code = "basic-monthly"
    label = "Basic"

    def __init__(self, monthly_cents: int) -> None:
        if monthly_cents <= 0:
            raise ValueError("the monthly price must be positive")
        self.monthly_cents = monthly_cents

    def _discount(self, gross: int, months: int) -> int:
        return 0

    def price_for(self, months: int) -> int:
        if months <= 0:
            raise ValueError("months must be positive")
        gross = self.monthly_cents * months
        discount = self._discount(gross, months)
        return max(0, gross - discount)

    def describe(self) -> str:
        return f"{self.label} ({self.monthly_cents / 100:.2f} EUR per month)"
