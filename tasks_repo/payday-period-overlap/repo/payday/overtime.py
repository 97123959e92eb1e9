"""Overtime: hours above the weekly limit, paid at a higher rate."""

from __future__ import annotations

from decimal import Decimal

from .periods import PayPeriod
from .timesheet import Timesheet

WEEKLY_LIMIT = Decimal(40)
OVERTIME_FACTOR = Decimal("1.5")


def split_hours(sheet: Timesheet, period: PayPeriod) -> tuple[Decimal, Decimal]:
    """(regular, overtime) hours in ``period``; overtime is what exceeds the limit in one of its weeks."""
    regular = overtime = Decimal("0.00")
    for week in period.weeks():
        hours = sheet.hours_in(week)
        regular += min(hours, WEEKLY_LIMIT)
        overtime += max(hours - WEEKLY_LIMIT, Decimal(0))
    return regular, overtime
