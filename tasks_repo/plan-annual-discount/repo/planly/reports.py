"""Revenue figures: monthly recurring revenue and the plan mix."""

from __future__ import annotations

from collections import Counter
from datetime import date

from .accounts import Account


def mrr(accounts: list[Account], today: date) -> int:
    """Monthly recurring revenue in cents: each active subscription's price spread over its months."""
    total = 0
    for account in accounts:
        sub = account.current
        if sub is not None and sub.months_used(today) < sub.months:
            total += sub.paid_cents // sub.months
    return total


def plan_mix(accounts: list[Account]) -> dict[str, int]:
    return dict(Counter(a.current.code for a in accounts if a.current is not None))
