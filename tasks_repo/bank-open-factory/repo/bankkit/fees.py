"""Yearly account fees by product; waived above a balance."""

from __future__ import annotations

from .accounts import Account

FEES = {"current": 2_400, "savings": 0, "youth": 0}
WAIVER_BALANCE = 250_000


def yearly_fee(account: Account) -> int:
    if account.balance >= WAIVER_BALANCE:
        return 0
    return FEES.get(account.kind, 0)


def charge_fees(accounts: list[Account]) -> int:
    """Book each account's yearly fee; returns the total charged."""
    total = 0
    for account in accounts:
        fee = yearly_fee(account)
        if fee:
            account._book("yearly fee", -fee)
            total += fee
    return total
