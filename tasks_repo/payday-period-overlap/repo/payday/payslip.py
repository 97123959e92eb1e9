"""One employee's pay for one period, and how it is printed."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .deductions import pension, union_dues
from .employees import Employee
from .money import fmt, to_cents
from .overtime import OVERTIME_FACTOR, split_hours
from .periods import PayPeriod
from .tax import period_tax
from .timesheet import Timesheet


@dataclass(frozen=True)
class Payslip:
    employee: Employee
    period: PayPeriod
    regular_hours: Decimal
    overtime_hours: Decimal
    gross: Decimal
    tax: Decimal
    pension: Decimal
    dues: Decimal

    @property
    def net(self) -> Decimal:
        return self.gross - self.tax - self.pension - self.dues

    def lines(self) -> list[str]:
        rate = self.employee.hourly_rate
        rows = [f"{self.employee.name} (#{self.employee.number}), {self.period.label()}",
                _row(f"regular {self.regular_hours} h", self.regular_hours * rate)]
        if self.overtime_hours:
            rows.append(_row(f"overtime {self.overtime_hours} h", self.overtime_hours * rate * OVERTIME_FACTOR))
        rows += [_row("gross", self.gross), _row("tax", -self.tax), _row("pension", -self.pension)]
        if self.dues:
            rows.append(_row("union dues", -self.dues))
        rows.append(_row("net", self.net))
        return rows


def _row(label: str, amount: Decimal) -> str:
    return f"  {label:<20}{fmt(amount):>12}"


def make_payslip(employee: Employee, sheet: Timesheet, period: PayPeriod, periods_per_year: int) -> Payslip:
    """Hours from the timesheet, pay at the employee's rate, then tax and deductions."""
    if sheet.employee != employee.number:
        raise ValueError(f"timesheet of employee {sheet.employee} given for {employee.name} (#{employee.number})")
    regular, overtime = split_hours(sheet, period)
    rate = employee.hourly_rate
    gross = to_cents(regular * rate + overtime * rate * OVERTIME_FACTOR)
    return Payslip(employee, period, regular, overtime, gross, period_tax(gross, periods_per_year),
                   pension(employee, gross), union_dues(employee))
