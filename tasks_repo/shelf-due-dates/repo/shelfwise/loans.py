"""Lending and returning books."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .calendar import add_business_days
from .catalog import Catalog
from .members import Member


class LoanError(RuntimeError):
    """A loan that the rules do not allow."""


@dataclass
class Loan:
    isbn: str
    member: int
    lent: date
    due: date
    returned: date | None = None

    @property
    def open(self) -> bool:
        return self.returned is None


class Desk:
    """The lending desk: one catalogue, the loans made so far."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.loans: list[Loan] = []

    def open_loans(self, member: Member) -> list[Loan]:
        return [l for l in self.loans if l.member == member.number and l.open]

    def lend(self, member: Member, isbn: str, today: date) -> Loan:
        book = self.catalog.get(isbn)
        if book.available <= 0:
            raise LoanError(f"no copy of {book.title!r} is available")
        if len(self.open_loans(member)) >= member.limit:
            raise LoanError(f"{member.name} already has {member.limit} books")
        book.on_loan += 1
        loan = Loan(book.isbn, member.number, today, add_business_days(today, member.loan_days))
        self.loans.append(loan)
        return loan

    def give_back(self, loan: Loan, today: date) -> None:
        if not loan.open:
            raise LoanError("this loan was already returned")
        loan.returned = today
        self.catalog.get(loan.isbn).on_loan -= 1
