"""Youth savings: a higher rate, and the bank adds a bonus on the first month-end."""

from __future__ import annotations

from .accounts import Entry
from .savings import SavingsAccount

BONUS = 1000


class YouthSavingsAccount(SavingsAccount):
    kind = "youth"
    rate_percent = 3.6

    def __init__(self, number: int, owner: str) -> None:
        super().__init__(number, owner)
        self.bonus_paid = False

    def month_end(self) -> list[Entry]:
        entries = super().month_end()
        if not self.bonus_paid:
            entries.append(self._book("welcome bonus", BONUS))
            self.bonus_paid = True
        return entries
