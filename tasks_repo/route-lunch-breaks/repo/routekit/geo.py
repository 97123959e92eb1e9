"""Points on the earth and distances between them."""

from __future__ import annotations

import math
from dataclasses import dataclass

EARTH_KM = 6371.0


@dataclass(frozen=True)
class Point:
    lat: float
    lon: float

    def __post_init__(self) -> None:
        if not -90 <= self.lat <= 90 or not -180 <= self.lon <= 180:
            raise ValueError(f"not a coordinate: {self.lat}, {self.lon}")


def distance_km(a: Point, b: Point) -> float:
    """Great-circle distance (haversine)."""
    p1, p2 = math.radians(a.lat), math.radians(b.lat)
    dp, dl = p2 - p1, math.radians(b.lon - a.lon)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def parse_point(text: str) -> Point:
    lat, _, lon = text.partition(",")
    return Point(float(lat), float(lon))
