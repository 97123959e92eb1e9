"""Pay periods: runs of whole days, both ends included, counted from the company's anchor day."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class PayPeriod:
    start: date
    end: date  # the last day of the period, included

    def __post_init__(self) -> None:
        if self.end < self.start:
            raise ValueError(f"a pay period cannot end ({self.end}) before it starts ({self.start})")

    def __contains__(self, day: date) -> bool:
        return self.start <= day <= self.end

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def weeks(self) -> Iterator[PayPeriod]:
        """The period cut into 7-day weeks from its first day (the last one may be shorter)."""
        start = self.start
        while start <= self.end:
            yield PayPeriod(start, min(start + timedelta(days=6), self.end))
            start += timedelta(days=7)

    def label(self) -> str:
        return f"{self.start:%d %b %Y} - {self.end:%d %b %Y}"


def period_of(day: date, anchor: date, length: int = 14) -> PayPeriod:
    """The period of ``length`` days that contains ``day``; the first period starts on ``anchor``."""
    if length < 1:
        raise ValueError(f"a pay period lasts at least one day, got {length}")
    index = (day - anchor).days // length
    start = anchor + timedelta(days=index * length)
    return PayPeriod(start, start + timedelta(days=length))


def periods_between(first: date, last: date, anchor: date, length: int = 14) -> list[PayPeriod]:
    """Every period that has a day between ``first`` and ``last`` (both included), in order."""
    periods: list[PayPeriod] = []
    day = first
    while day <= last:
        period = period_of(day, anchor, length)
        periods.append(period)
        day = period.end + timedelta(days=1)
    return periods
