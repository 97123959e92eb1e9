"""Route order: nearest neighbour from the depot; lengths and driving times."""

from __future__ import annotations

from .geo import Point, distance_km
from .stops import Stop

SPEED_KMH = 30.0  # city average


def nearest_neighbour(depot: Point, stops: list[Stop]) -> list[Stop]:
    left = list(stops)
    order: list[Stop] = []
    here = depot
    while left:
        nxt = min(left, key=lambda s: (distance_km(here, s.point), s.name))
        order.append(nxt)
        left.remove(nxt)
        here = nxt.point
    return order


def route_km(depot: Point, order: list[Stop], back: bool = True) -> float:
    points = [depot] + [s.point for s in order] + ([depot] if back else [])
    return sum(distance_km(a, b) for a, b in zip(points, points[1:]))


def driving_minutes(km: float) -> int:
    return round(km / SPEED_KMH * 60)
