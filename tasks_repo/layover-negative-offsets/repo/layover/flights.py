"""Flights: a departure on the origin's wall clock and a block time; the arrival follows."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from .airports import Airport
from .clock import at, to_utc

DURATION = re.compile(r"^(?:(\d+)h)?(?:(\d+)m?)?$")


def parse_duration(text: str) -> timedelta:
    """'2h40', '2h', '55m' or '55' -> timedelta."""
    match = DURATION.match(text.strip().lower())
    if not match or not any(match.groups()):
        raise ValueError(f"not a flight duration: {text!r} (expected e.g. 2h40 or 55m)")
    hours, minutes = (int(g or 0) for g in match.groups())
    return timedelta(hours=hours, minutes=minutes)


@dataclass(frozen=True)
class Flight:
    number: str
    origin: Airport
    destination: Airport
    departs: datetime  # on the origin's wall clock
    duration: timedelta

    def __post_init__(self) -> None:
        if self.origin == self.destination:
            raise ValueError(f"{self.number}: origin and destination are both {self.origin.code}")
        if self.duration <= timedelta(0):
            raise ValueError(f"{self.number}: the duration must be positive")

    @property
    def departs_utc(self) -> datetime:
        return to_utc(self.departs)

    @property
    def arrives_utc(self) -> datetime:
        return self.departs_utc + self.duration

    @property
    def arrives(self) -> datetime:
        """The arrival on the destination's wall clock."""
        return at(self.arrives_utc, self.destination)
