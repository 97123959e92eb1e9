"""One driver's day: route order, working time, breaks."""

from __future__ import annotations

from dataclasses import dataclass

from .drivers import LUNCH_AFTER, LUNCH_MINUTES, Driver
from .geo import Point
from .routing import driving_minutes, nearest_neighbour, route_km
from .stops import Stop


@dataclass(frozen=True)
class Break:
    after_stop: str
    minutes: int


@dataclass(frozen=True)
class DayPlan:
    driver: str
    order: tuple[Stop, ...]
    km: float
    minutes: int
    breaks: tuple[Break, ...]

    @property
    def feasible(self) -> bool:
        return self.minutes <= 480


def plan_day(driver: Driver, depot: Point, stops: list[Stop], breaks: list[Break] = []) -> DayPlan:
    """Order the stops, add the lunch break once work passes LUNCH_AFTER minutes."""
    order = nearest_neighbour(depot, stops)
    worked, lunch = 0, False
    here = depot
    for stop in order:
        worked += driving_minutes(route_km(here, [stop], back=False)) + stop.minutes
        here = stop.point
        if worked > LUNCH_AFTER and not lunch:
            breaks.append(Break(stop.name, LUNCH_MINUTES))
            worked += LUNCH_MINUTES
            lunch = True
    total = driving_minutes(route_km(depot, order)) + sum(s.minutes for s in order) + sum(b.minutes for b in breaks)
    return DayPlan(driver.name, tuple(order), round(route_km(depot, order), 2), total, tuple(breaks))
