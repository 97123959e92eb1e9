"""Savings accounts: no overdraft, monthly interest, at most three withdrawals a month."""

from __future__ import annotations

from .accounts import Account, Entry, InsufficientFunds
from .money import monthly_interest


class SavingsAccount(Account):
    kind = "savings"
    overdraft_limit = 0
    rate_percent = 2.4
    max_withdrawals = 3

    def __init__(self, number: int, owner: str) -> None:
        super().__init__(number, owner)
        self.withdrawals_this_month = 0

    def withdraw(self, amount: int, kind: str = "withdrawal") -> Entry:
        if self.withdrawals_this_month >= self.max_withdrawals:
            raise InsufficientFunds(f"account {self.number}: no more withdrawals this month")
        entry = super().withdraw(amount, kind)
        self.withdrawals_this_month += 1
        return entry

    def month_end(self) -> list[Entry]:
        self.withdrawals_this_month = 0
        interest = monthly_interest(self.balance, self.rate_percent)
        return [self._book("interest", interest)] if interest else []
