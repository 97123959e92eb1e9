"""Pay runs: every employee's payslip for the period of a given day, and year-to-date sums."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from .employees import Staff
from .payslip import Payslip, make_payslip
from .periods import PayPeriod, period_of, periods_between
from .timesheet import Timesheet


@dataclass(frozen=True)
class Company:
    name: str
    anchor: date  # first day of the company's first pay period
    period_days: int = 14

    @property
    def periods_per_year(self) -> int:
        return 365 // self.period_days

    def period_of(self, day: date) -> PayPeriod:
        if day < self.anchor:
            raise ValueError(f"{day} is before {self.name}'s first pay period ({self.anchor})")
        return period_of(day, self.anchor, self.period_days)


def run(company: Company, staff: Staff, sheets: dict[int, Timesheet], day: date) -> list[Payslip]:
    """Payslips of every employee for the period that contains ``day`` (no shifts: no pay)."""
    period = company.period_of(day)
    return [make_payslip(e, sheets.get(e.number, Timesheet(e.number)), period, company.periods_per_year)
            for e in staff]


def year_to_date(company: Company, staff: Staff, sheets: dict[int, Timesheet], day: date) -> dict[int, dict[str, Decimal]]:
    """Per employee number: gross, tax and net summed over the year's periods up to the one of ``day``."""
    first = max(company.anchor, date(day.year, 1, 1))
    totals: dict[int, dict[str, Decimal]] = {e.number: {"gross": Decimal(0), "tax": Decimal(0), "net": Decimal(0)}
                                             for e in staff}
    for period in periods_between(first, day, company.anchor, company.period_days):
        for slip in run(company, staff, sheets, period.start):
            row = totals[slip.employee.number]
            row["gross"] += slip.gross
            row["tax"] += slip.tax
            row["net"] += slip.net
    return totals
