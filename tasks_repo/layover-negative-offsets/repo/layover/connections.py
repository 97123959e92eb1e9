"""Whether one flight connects to the next: same airport, enough time to change, not too long."""

from __future__ import annotations

from datetime import timedelta

from .flights import Flight

MAX_LAYOVER = timedelta(hours=12)


def layover(arriving: Flight, leaving: Flight) -> timedelta:
    """Time on the ground between landing and the next departure."""
    return leaving.departs_utc - arriving.arrives_utc


def connection_problem(arriving: Flight, leaving: Flight) -> str | None:
    """Why ``leaving`` cannot follow ``arriving`` (None when it can)."""
    hub = arriving.destination
    if leaving.origin != hub:
        return f"{arriving.number} lands at {hub.code} but {leaving.number} leaves from {leaving.origin.code}"
    gap = layover(arriving, leaving)
    if gap < timedelta(0):
        return f"{leaving.number} leaves {hub.code} before {arriving.number} lands"
    minutes = int(gap.total_seconds() // 60)
    if minutes < hub.min_connection:
        return f"{hub.code}: {minutes} min to change planes, at least {hub.min_connection} needed"
    if gap > MAX_LAYOVER:
        return f"{hub.code}: a layover of {minutes // 60}h{minutes % 60:02d} is longer than 12 hours"
    return None


def problems(legs: list[Flight] | tuple[Flight, ...]) -> list[str]:
    """Every broken connection of a sequence of flights, in order."""
    found = []
    for arriving, leaving in zip(legs, legs[1:]):
        problem = connection_problem(arriving, leaving)
        if problem:
            found.append(problem)
    return found
