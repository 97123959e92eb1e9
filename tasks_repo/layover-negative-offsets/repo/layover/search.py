"""Itinerary search in a timetable: direct flights and one-stop connections that work."""

from __future__ import annotations

from datetime import date

from .connections import MAX_LAYOVER, connection_problem
from .itinerary import Itinerary
from .timetable import Timetable


def itineraries(timetable: Timetable, origin: str, destination: str, day: date) -> list[Itinerary]:
    """Ways from ``origin`` leaving on ``day`` (local date) to ``destination``, earliest arrival first."""
    goal = destination.strip().upper()
    found: list[Itinerary] = []
    for first in timetable.departures(origin, day):
        if first.destination.code == goal:
            found.append(Itinerary((first,)))
            continue
        hub = first.destination.code
        for second in timetable.leaving_between(hub, first.arrives_utc, first.arrives_utc + MAX_LAYOVER):
            if second.destination.code == goal and connection_problem(first, second) is None:
                found.append(Itinerary((first, second)))
    return sorted(found, key=lambda it: (it.arrives_utc, it.travel_time))


def fastest(timetable: Timetable, origin: str, destination: str, day: date) -> Itinerary | None:
    """The itinerary with the shortest travel time (None when there is none)."""
    options = itineraries(timetable, origin, destination, day)
    return min(options, key=lambda it: it.travel_time) if options else None
