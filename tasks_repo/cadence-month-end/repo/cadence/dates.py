"""Small date helpers: month lengths, month arithmetic and weekday names."""

from __future__ import annotations

import calendar

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def days_in_month(year: int, month: int) -> int:
    """The number of days of ``month`` (1-12) in ``year``."""
    return calendar.monthrange(year, month)[1]


def add_months(year: int, month: int, months: int) -> tuple[int, int]:
    """The (year, month) ``months`` months after the given one."""
    index = year * 12 + (month - 1) + months
    return index // 12, index % 12 + 1


def weekday_number(name: str) -> int:
    """0 for Monday ... 6 for Sunday; accepts 'mon', 'Monday', 'MO'."""
    key = name.strip().lower()[:3]
    for i, day in enumerate(WEEKDAYS):
        if len(key) >= 2 and day.startswith(key):
            return i
    raise ValueError(f"not a weekday: {name!r}")
