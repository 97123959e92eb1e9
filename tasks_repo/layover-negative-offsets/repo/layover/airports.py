"""Airports: code, city, the UTC offset of this season's timetable and the minimum connection time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta, timezone

from .offsets import parse_offset

# code, city, UTC offset, minimum connection time in minutes
TABLE = """
YYZ Toronto       -05:00 45
YYT St._John's    -03:30 40
YHZ Halifax       -04:00 40
JFK New_York      -05:00 60
LHR London        +00:00 60
AMS Amsterdam     +01:00 50
DEL Delhi         +05:30 75
KTM Kathmandu     +05:45 60
ADL Adelaide      +09:30 45
"""


@dataclass(frozen=True)
class Airport:
    code: str
    city: str
    offset_minutes: int
    min_connection: int  # minutes

    @property
    def tz(self) -> timezone:
        return timezone(timedelta(minutes=self.offset_minutes), self.code)


def load(table: str = TABLE) -> dict[str, Airport]:
    """Airports by code from lines of 'CODE City OFFSET MCT' (underscores in the city are spaces)."""
    airports: dict[str, Airport] = {}
    for number, line in enumerate(table.strip().splitlines(), 1):
        parts = line.split()
        if len(parts) != 4:
            raise ValueError(f"airport line {number}: expected 'CODE City OFFSET MCT', got {line!r}")
        code, city, offset, mct = parts
        airports[code.upper()] = Airport(code.upper(), city.replace("_", " "), parse_offset(offset), int(mct))
    return airports


AIRPORTS = load()


def get(code: str) -> Airport:
    try:
        return AIRPORTS[code.strip().upper()]
    except KeyError:
        raise KeyError(f"unknown airport {code!r}") from None
