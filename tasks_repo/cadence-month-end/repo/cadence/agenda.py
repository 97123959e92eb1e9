"""The agenda: every event's dates in a period, in date order."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from .event import Event


@dataclass(frozen=True)
class Entry:
    day: date
    title: str


class Agenda:
    def __init__(self, events: list[Event] | None = None) -> None:
        self.events: list[Event] = list(events or [])

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def between(self, first: date, last: date) -> list[Entry]:
        """Entries from ``first`` to ``last`` inclusive, by date, then in the order events were added."""
        if last < first:
            raise ValueError(f"the period ends ({last}) before it starts ({first})")
        entries = [Entry(day, e.title) for e in self.events for day in e.between(first, last)]
        return sorted(entries, key=lambda entry: entry.day)

    def on(self, day: date) -> list[str]:
        return [entry.title for entry in self.between(day, day)]

    def render(self, first: date, last: date) -> str:
        """One line per entry, e.g. 'Fri 31.05.2024  Pay rent'."""
        return "\n".join(f"{e.day:%a %d.%m.%Y}  {e.title}" for e in self.between(first, last))
