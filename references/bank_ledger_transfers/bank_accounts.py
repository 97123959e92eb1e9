"""Bank accounts with an overdraft limit."""

from __future__ import annotations


class InsufficientFunds(Exception):
    """A withdrawal would exceed the overdraft limit."""


class AccountClosed(Exception):
    """The account is closed."""


def check_amount(cents: object) -> int:
    """Amounts are ints >= 1; bools are refused."""
    if isinstance(cents, bool) or not isinstance(cents, int) or cents < 1:
        raise ValueError(f"amount must be a positive integer of cents, got {cents!r}")
    return cents


class Account:
    """One account; balance may go down to -overdraft_limit_cents."""

    def __init__(self, account_id: str, owner: str, overdraft_limit_cents: int = 0) -> None:
        self.account_id = account_id
        self.owner = owner
        self.overdraft_limit_cents = overdraft_limit_cents
        self.closed = False
        self._balance = 0

    @property
    def balance(self) -> int:
        return self._balance

    def _check_open(self) -> None:
        if self.closed:
            raise AccountClosed(self.account_id)

    def can_withdraw(self, cents: int) -> bool:
        return self._balance - cents >= -self.overdraft_limit_cents

    def deposit(self, cents: int) -> int:
        self._check_open()
        self._balance += check_amount(cents)
        return self._balance

    def withdraw(self, cents: int) -> int:
        self._check_open()
        check_amount(cents)
        if not self.can_withdraw(cents):
            raise InsufficientFunds(f"{self.account_id}: cannot withdraw {cents}")
        self._balance -= cents
        return self._balance

    def close(self) -> None:
        if self._balance != 0:
            raise ValueError("only an account with a zero balance can be closed")
        self.closed = True
