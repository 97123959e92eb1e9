"""Opening days: the library is closed at weekends and on public holidays."""

from __future__ import annotations

from datetime import date, timedelta

HOLIDAYS = {date(2024, 1, 1), date(2024, 3, 29), date(2024, 4, 1), date(2024, 5, 1), date(2024, 12, 25),
            date(2024, 12, 26)}


def is_business_day(day: date, holidays: set[date] = HOLIDAYS) -> bool:
    """Monday to Friday and not a holiday."""
    return day.weekday() < 6 and day not in holidays


def add_business_days(start: date, days: int, holidays: set[date] = HOLIDAYS) -> date:
    """The opening day ``days`` opening days after ``start`` (start itself does not count)."""
    if days < 0:
        raise ValueError("days must be >= 0")
    current = start
    left = days
    while left:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            left -= 1
    return current


def business_days_between(start: date, end: date, holidays: set[date] = HOLIDAYS) -> int:
    """Opening days after ``start`` up to and including ``end`` (0 when end <= start)."""
    count, current = 0, start
    while current < end:
        current += timedelta(days=1)
        if is_business_day(current, holidays):
            count += 1
    return count
