"""Annual billing: every full year of twelve months has two months free."""

from __future__ import annotations

from .plans import Plan

FREE_MONTHS_PER_YEAR = 2


class AnnualPlan(Plan):
    code = "basic-annual"
    label = "Basic, billed yearly"

    def discount(self, gross: int, months: int) -> int:
        years = months // 12
        return years * FREE_MONTHS_PER_YEAR * self.monthly_cents
