"""Local wall-clock times at an airport and the instants they stand for."""

from __future__ import annotations

from datetime import datetime, timezone

from .airports import Airport


def local_time(text: str, airport: Airport) -> datetime:
    """'2024-03-05 10:00' read as the wall clock at ``airport`` (an aware datetime)."""
    try:
        naive = datetime.strptime(text.strip(), "%Y-%m-%d %H:%M")
    except ValueError:
        raise ValueError(f"not a local time: {text!r} (expected YYYY-MM-DD HH:MM)") from None
    return naive.replace(tzinfo=airport.tz)


def to_utc(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("a time without an airport is ambiguous; use local_time() first")
    return moment.astimezone(timezone.utc)


def at(moment: datetime, airport: Airport) -> datetime:
    """The same instant on the wall clock of ``airport``."""
    return to_utc(moment).astimezone(airport.tz)
