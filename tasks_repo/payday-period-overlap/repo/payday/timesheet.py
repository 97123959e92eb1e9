"""Shifts as people enter them and the hours they add up to."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, time
from decimal import Decimal

from .periods import PayPeriod

HOURS = Decimal("0.01")
LINE = re.compile(r"^(\d{4}-\d{2}-\d{2})\s+(\d{1,2}:\d{2})-(\d{1,2}:\d{2})(?:\s+break\s+(\d+))?$")


@dataclass(frozen=True)
class Shift:
    day: date
    start: time
    end: time
    break_minutes: int = 0

    @property
    def hours(self) -> Decimal:
        """Hours worked, breaks taken off; a shift that ends before it starts ends the next day."""
        minutes = (self.end.hour * 60 + self.end.minute) - (self.start.hour * 60 + self.start.minute)
        if minutes <= 0:
            minutes += 24 * 60
        worked = minutes - self.break_minutes
        if worked < 0:
            raise ValueError(f"shift on {self.day}: the break is longer than the shift")
        return (Decimal(worked) / 60).quantize(HOURS)


def parse_shift(text: str) -> Shift:
    """'2024-03-04 09:00-17:30 break 30' -> Shift."""
    match = LINE.match(text.strip())
    if not match:
        raise ValueError(f"not a shift: {text!r} (expected 'YYYY-MM-DD HH:MM-HH:MM [break MIN]')")
    day, start, end, pause = match.groups()
    return Shift(date.fromisoformat(day), time.fromisoformat(start.zfill(5)),
                 time.fromisoformat(end.zfill(5)), int(pause or 0))


@dataclass
class Timesheet:
    employee: int
    shifts: list[Shift] = field(default_factory=list)

    def add(self, shift: Shift | str) -> Timesheet:
        self.shifts.append(parse_shift(shift) if isinstance(shift, str) else shift)
        return self

    def shifts_in(self, period: PayPeriod) -> list[Shift]:
        return sorted((s for s in self.shifts if s.day in period), key=lambda s: (s.day, s.start))

    def hours_in(self, period: PayPeriod) -> Decimal:
        return sum((s.hours for s in self.shifts_in(period)), Decimal("0.00"))
