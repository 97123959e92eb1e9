"""Expanding a rule into the dates it produces, starting from the event's first date."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta

from .dates import add_months, days_in_month
from .rule import Rule


def daily_dates(start: date, interval: int) -> Iterator[date]:
    current = start
    while True:
        yield current
        current += timedelta(days=interval)


def weekly_dates(start: date, interval: int, weekdays: tuple[int, ...]) -> Iterator[date]:
    """The given weekdays of every ``interval``-th week, counting from the week of ``start``."""
    days = weekdays or (start.weekday(),)
    week = start - timedelta(days=start.weekday())
    while True:
        for weekday in days:
            day = week + timedelta(days=weekday)
            if day >= start:
                yield day
        week += timedelta(weeks=interval)


def monthly_dates(start: date, interval: int) -> Iterator[date]:
    """The start's day of every ``interval``-th month; the month's last day in shorter months."""
    year, month, day = start.year, start.month, start.day
    while True:
        day = min(day, days_in_month(year, month))
        yield date(year, month, day)
        year, month = add_months(year, month, interval)


def occurrences(rule: Rule, start: date) -> Iterator[date]:
    """Every date of ``rule`` from ``start`` on, up to the rule's count or end date."""
    if rule.freq == "daily":
        dates = daily_dates(start, rule.interval)
    elif rule.freq == "weekly":
        dates = weekly_dates(start, rule.interval, rule.weekdays)
    elif rule.freq == "monthly":
        dates = monthly_dates(start, rule.interval)
    else:
        dates = monthly_dates(start, 12 * rule.interval)
    for n, day in enumerate(dates):
        if rule.count is not None and n >= rule.count:
            return
        if rule.until is not None and day > rule.until:
            return
        yield day
