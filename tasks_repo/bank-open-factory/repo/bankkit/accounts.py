"""The account base class: balance, history, overdraft; subclasses add month-end rules."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

_numbers = itertools.count(1000)


class InsufficientFunds(RuntimeError):
    """A withdrawal beyond the balance and the overdraft."""


@dataclass(frozen=True)
class Entry:
    kind: str
    amount: int
    balance: int


class Account:
    kind = "current"
    overdraft_limit = 50_000

    def __init__(self, number: int, owner: str) -> None:
        self.number, self.owner = number, owner
        self.balance = 0
        self.history: list[Entry] = []

    @classmethod
    def open(cls, owner: str, deposit: int = 0) -> "Account":
        """A new account of this class with the next free number and an opening deposit."""
        account = Account(next(_numbers), owner)
        if deposit:
            account.deposit(deposit, "opening deposit")
        return account

    def _book(self, kind: str, amount: int) -> Entry:
        self.balance += amount
        entry = Entry(kind, amount, self.balance)
        self.history.append(entry)
        return entry

    def deposit(self, amount: int, kind: str = "deposit") -> Entry:
        if amount <= 0:
            raise ValueError("deposits must be positive")
        return self._book(kind, amount)

    def withdraw(self, amount: int, kind: str = "withdrawal") -> Entry:
        if amount <= 0:
            raise ValueError("withdrawals must be positive")
        if self.balance - amount < -self.overdraft_limit:
            raise InsufficientFunds(f"account {self.number}: {amount} exceeds balance and overdraft")
        return self._book(kind, -amount)

    def month_end(self) -> list[Entry]:
        """Current accounts charge overdraft interest of 10% a year on a negative balance."""
        if self.balance < 0:
            fee = int(-self.balance * 0.10 / 12)
            return [self._book("overdraft interest", -fee)] if fee else []
        return []
