"""The plans on sale, by code."""

from __future__ import annotations

from .annual import AnnualPlan
from .family import FamilyPlan
from .plans import Plan
from .student import StudentPlan

PRICES = {"basic-monthly": 900, "basic-annual": 900, "student": 900, "family-annual": 1200}


def plan_for(code: str, seats: int = 2) -> Plan:
    if code not in PRICES:
        raise KeyError(f"no plan {code!r} (plans: {', '.join(sorted(PRICES))})")
    price = PRICES[code]
    if code == "basic-annual":
        return AnnualPlan(price)
    if code == "student":
        return StudentPlan(price)
    if code == "family-annual":
        return FamilyPlan(price, seats)
    return Plan(price)
