"""Parse timesheet lines into shifts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

_CLOCK = re.compile(r"^(\d{2}):(\d{2})$")
_LINE = re.compile(r"^(\S+)\s+(\S+)\s+(\S+)-(\S+)(?:\s+break\s+(-?\d+))?$")


class TimesheetError(ValueError):
    """A bad timesheet entry; ``line`` is its 1-based line number (0 if none)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


def parse_clock(text: str) -> int:
    m = _CLOCK.match(text)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59:
        raise TimesheetError(0, f"bad clock time {text!r}")
    return int(m.group(1)) * 60 + int(m.group(2))


@dataclass
class Shift:
    """One stretch of work that starts on ``day``."""

    employee: str
    day: str
    start: int
    end: int
    break_minutes: int = 0

    def duration(self) -> int:
        return self.end - self.start if self.end > self.start else self.end + 1440 - self.start

    def worked_minutes(self) -> int:
        return self.duration() - self.break_minutes


def parse_timesheet(text: str) -> list[Shift]:
    shifts = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if not m:
            raise TimesheetError(number, f"cannot parse {line!r}")
        employee, day, start, end, brk = m.groups()
        try:
            date.fromisoformat(day)
            shift = Shift(employee, day, parse_clock(start), parse_clock(end), int(brk or 0))
        except ValueError as exc:
            raise TimesheetError(number, str(exc)) from None
        if shift.break_minutes < 0 or shift.break_minutes >= shift.duration():
            raise TimesheetError(number, "break must be >= 0 and shorter than the shift")
        shifts.append(shift)
    return shifts
