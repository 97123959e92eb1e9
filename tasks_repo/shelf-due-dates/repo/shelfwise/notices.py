"""Reminder texts for loans that are due soon or overdue."""

from __future__ import annotations

from datetime import date

from .calendar import business_days_between
from .catalog import Catalog
from .fines import late_fee
from .loans import Loan
from .members import Member


def notice(loan: Loan, member: Member, catalog: Catalog, today: date) -> str | None:
    if not loan.open:
        return None
    title = catalog.get(loan.isbn).title
    if today > loan.due:
        fee = late_fee(loan, member.tier, today)
        return f"{member.name}: '{title}' is overdue since {loan.due:%d.%m.%Y} (fee so far {fee / 100:.2f} EUR)"
    if business_days_between(today, loan.due) <= 1:
        return f"{member.name}: '{title}' is due on {loan.due:%d.%m.%Y}"
    return None
