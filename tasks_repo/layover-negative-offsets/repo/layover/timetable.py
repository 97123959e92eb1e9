"""A season's timetable: flights read from lines, looked up by number, origin and day."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime

from .airports import get
from .clock import local_time
from .flights import Flight, parse_duration


def parse_flight(line: str) -> Flight:
    """'AC1234 YYZ YYT 2024-03-05 10:00 2h40' (the departure on the origin's clock)."""
    parts = line.split()
    if len(parts) != 6:
        raise ValueError(f"expected 'NUMBER FROM TO YYYY-MM-DD HH:MM DURATION', got {line!r}")
    number, origin, destination, day, clock, duration = parts
    start = get(origin)
    return Flight(number.upper(), start, get(destination), local_time(f"{day} {clock}", start),
                  parse_duration(duration))


class Timetable:
    def __init__(self, flights: list[Flight] | None = None) -> None:
        self._flights: list[Flight] = list(flights or [])

    @classmethod
    def parse(cls, text: str) -> Timetable:
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        return cls([parse_flight(ln) for ln in lines])

    def __iter__(self) -> Iterator[Flight]:
        return iter(sorted(self._flights, key=lambda f: f.departs_utc))

    def flight(self, number: str, day: date) -> Flight:
        """The flight ``number`` departing on ``day`` (the origin's local date)."""
        for f in self._flights:
            if f.number == number.upper() and f.departs.date() == day:
                return f
        raise KeyError(f"no flight {number} on {day}")

    def departures(self, origin: str, day: date) -> list[Flight]:
        code = origin.strip().upper()
        return [f for f in self if f.origin.code == code and f.departs.date() == day]

    def leaving_between(self, origin: str, not_before: datetime, not_after: datetime) -> list[Flight]:
        """Flights from ``origin`` departing within [not_before, not_after] (aware datetimes)."""
        code = origin.strip().upper()
        return [f for f in self if f.origin.code == code and not_before <= f.departs_utc <= not_after]
