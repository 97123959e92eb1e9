"""An itinerary: flights in order, its connections, total travel time and a printout."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from .connections import layover, problems
from .flights import Flight


def hours_minutes(span: timedelta) -> str:
    minutes = int(span.total_seconds() // 60)
    return f"{minutes // 60}h{minutes % 60:02d}"


@dataclass(frozen=True)
class Itinerary:
    legs: tuple[Flight, ...]

    def __post_init__(self) -> None:
        if not self.legs:
            raise ValueError("an itinerary needs at least one flight")

    @property
    def departs_utc(self) -> datetime:
        return self.legs[0].departs_utc

    @property
    def arrives_utc(self) -> datetime:
        return self.legs[-1].arrives_utc

    @property
    def travel_time(self) -> timedelta:
        return self.arrives_utc - self.departs_utc

    @property
    def stops(self) -> list[str]:
        return [leg.destination.code for leg in self.legs[:-1]]

    def problems(self) -> list[str]:
        return problems(self.legs)

    def lines(self) -> list[str]:
        """One line per flight (local times; '+1' when it lands the next local day), changes, total."""
        out = []
        for i, leg in enumerate(self.legs):
            if i:
                out.append(f"  change at {leg.origin.code}: {hours_minutes(layover(self.legs[i - 1], leg))}")
            days = (leg.arrives.date() - leg.departs.date()).days
            plus = f" (+{days})" if days else ""
            out.append(f"{leg.number:<7} {leg.origin.code} {leg.departs:%a %d %b %H:%M} -> "
                       f"{leg.destination.code} {leg.arrives:%H:%M}{plus}")
        out.append(f"total {hours_minutes(self.travel_time)}")
        return out
