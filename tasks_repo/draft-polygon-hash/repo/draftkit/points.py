"""Points in the plane and the snapping that makes coordinates comparable."""

from __future__ import annotations

import math
from dataclasses import dataclass

PRECISION = 9


def snap(value: float) -> float:
    """Round away floating-point noise (0.1 + 0.2 -> 0.3); -0.0 becomes 0.0."""
    return round(value, PRECISION) + 0.0


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def moved(self, dx: float, dy: float) -> "Point":
        return Point(self.x + dx, self.y + dy)

    def scaled(self, factor: float) -> "Point":
        """Scaled about the origin."""
        return Point(self.x * factor, self.y * factor)

    def distance(self, other: "Point") -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def snapped(self) -> tuple[float, float]:
        return snap(self.x), snap(self.y)
