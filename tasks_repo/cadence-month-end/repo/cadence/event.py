"""An event: a title, a first date, an optional rule and dates that were cancelled."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

from .expand import occurrences
from .rule import Rule


@dataclass
class Event:
    title: str
    start: date
    rule: Rule | None = None
    cancelled: set[date] = field(default_factory=set)

    def dates(self) -> Iterator[date]:
        """Every date the event takes place, cancelled dates left out."""
        days = occurrences(self.rule, self.start) if self.rule else iter([self.start])
        return (d for d in days if d not in self.cancelled)

    def between(self, first: date, last: date) -> list[date]:
        """The event's dates from ``first`` to ``last`` inclusive."""
        found = []
        for day in self.dates():
            if day > last:
                break
            if day >= first:
                found.append(day)
        return found

    def next_after(self, day: date) -> date | None:
        """The first date strictly after ``day``, or None when the event has ended."""
        return next((d for d in self.dates() if d > day), None)

    def cancel(self, day: date) -> None:
        if day not in self.between(day, day):
            raise ValueError(f"{self.title!r} does not take place on {day.isoformat()}")
        self.cancelled.add(day)
