"""Loan desk: checkouts, returns, late fees and balances over a Catalog."""

from __future__ import annotations

from library_catalog import Catalog


class LoanError(Exception):
    """A loan operation was refused."""


class LoanDesk:
    """Tracks active loans as (member_id, isbn) -> due day."""

    def __init__(self, catalog: Catalog, loan_days: int = 14, fee_per_day_cents: int = 25,
                 max_fee_cents: int = 1000) -> None:
        self.catalog = catalog
        self.loan_days = loan_days
        self.fee_per_day_cents = fee_per_day_cents
        self.max_fee_cents = max_fee_cents
        self._loans: dict[tuple[str, str], int] = {}
        self._balances: dict[str, int] = {}

    def checkout(self, member_id: str, isbn: str, day: int) -> int:
        member = self.catalog.member(member_id)
        self.catalog.book(isbn)
        if self.available(isbn) < 1:
            raise LoanError(f"no copy of {isbn} available")
        if len(self.loans_of(member_id)) >= member.max_loans:
            raise LoanError(f"{member_id} holds the maximum number of loans")
        if (member_id, isbn) in self._loans:
            raise LoanError(f"{member_id} already holds {isbn}")
        if self.balance(member_id) > 0:
            raise LoanError(f"{member_id} owes {self.balance(member_id)} cents")
        due = day + self.loan_days
        self._loans[(member_id, isbn)] = due
        return due

    def return_book(self, member_id: str, isbn: str, day: int) -> int:
        key = (member_id, isbn)
        if key not in self._loans:
            raise LoanError(f"{member_id} does not hold {isbn}")
        due = self._loans.pop(key)
        days_late = max(0, day - due)
        fee = min(days_late * self.fee_per_day_cents, self.max_fee_cents)
        self._balances[member_id] = self.balance(member_id) + fee
        return fee

    def available(self, isbn: str) -> int:
        book = self.catalog.book(isbn)
        lent = sum(1 for (_, i) in self._loans if i == isbn)
        return book.copies - lent

    def loans_of(self, member_id: str) -> list[tuple[str, int]]:
        mine = [(i, due) for (m, i), due in self._loans.items() if m == member_id]
        return sorted(mine, key=lambda pair: (pair[1], pair[0]))

    def balance(self, member_id: str) -> int:
        return self._balances.get(member_id, 0)

    def pay(self, member_id: str, cents: int) -> int:
        owed = self.balance(member_id)
        if cents <= 0 or cents > owed:
            raise ValueError(f"payment must be between 1 and {owed} cents")
        self._balances[member_id] = owed - cents
        return owed - cents

    def overdue(self, day: int) -> list[tuple[str, str, int]]:
        late = [(m, i, day - due) for (m, i), due in self._loans.items() if day > due]
        return sorted(late, key=lambda t: (-t[2], t[0], t[1]))
