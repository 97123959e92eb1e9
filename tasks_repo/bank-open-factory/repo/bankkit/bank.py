"""The bank: opens accounts by product name, runs month-end for all of them."""

from __future__ import annotations

from .accounts import Account, Entry
from .savings import SavingsAccount
from .youth import YouthSavingsAccount

PRODUCTS: dict[str, type[Account]] = {"current": Account, "savings": SavingsAccount, "youth": YouthSavingsAccount}


class Bank:
    def __init__(self) -> None:
        self.accounts: dict[int, Account] = {}

    def open(self, product: str, owner: str, deposit: int = 0) -> Account:
        if product not in PRODUCTS:
            raise KeyError(f"no product {product!r} (products: {', '.join(PRODUCTS)})")
        account = PRODUCTS[product].open(owner, deposit)
        self.accounts[account.number] = account
        return account

    def month_end(self) -> dict[int, list[Entry]]:
        return {number: acc.month_end() for number, acc in sorted(self.accounts.items())}

    def total_deposits(self) -> int:
        return sum(max(0, a.balance) for a in self.accounts.values())


def transfer(source: Account, target: Account, amount: int) -> tuple[Entry, Entry]:
    """Move money between two accounts: both entries or neither."""
    if source is target:
        raise ValueError("cannot transfer to the same account")
    out = source.withdraw(amount, f"transfer to {target.number}")
    try:
        into = target.deposit(amount, f"transfer from {source.number}")
    except ValueError:
        source._book("transfer reversed", amount)
        raise
    return out, into
