"""Late fees: per opening day late, capped."""

from __future__ import annotations

from datetime import date

from .calendar import business_days_between
from .loans import Loan

FEE_CENTS = {"child": 10, "adult": 25, "staff": 0}
CAP_CENTS = 1000


def days_late(loan: Loan, today: date) -> int:
    end = loan.returned or today
    return business_days_between(loan.due, end)


def late_fee(loan: Loan, tier: str, today: date) -> int:
    """The fee in cents for a loan of a member of ``tier`` (returned or not) as of ``today``."""
    return min(CAP_CENTS, days_late(loan, today) * FEE_CENTS[tier])
