"""Timestamps in the logs: ISO dates with minutes, e.g. '2024-03-01T07:30'."""

from __future__ import annotations

from datetime import datetime


def parse_time(text: str) -> datetime:
    try:
        return datetime.strptime(text.strip(), "%Y-%m-%dT%H:%M")
    except ValueError:
        raise ValueError(f"bad timestamp {text!r} (expected YYYY-MM-DDTHH:MM)") from None


def day_key(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d")


def hour_bucket(moment: datetime) -> int:
    return moment.hour
