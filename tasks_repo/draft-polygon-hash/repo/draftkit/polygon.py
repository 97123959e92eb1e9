"""Simple polygons given by their vertices in order."""

from __future__ import annotations

from collections.abc import Sequence

from .box import Box
from .points import Point
from .shape import Shape


class Polygon(Shape):
    """A polygon through ``points`` (closed: the last vertex joins the first)."""

    kind = "polygon"

    def __init__(self, points: Sequence[Point]) -> None:
        if len(points) < 3:
            raise ValueError(f"a polygon needs at least 3 vertices, got {len(points)}")
        if len({p.snapped() for p in points}) != len(points):
            raise ValueError("a polygon cannot visit the same vertex twice")
        self.points = tuple(points)

    def key(self) -> tuple:
        return tuple(p.snapped() for p in self.points)

    def canonical(self) -> tuple:
        """The vertices from the lowest one, in the direction that sorts first: the same for every
        listing of the same outline."""
        pts = [p.snapped() for p in self.points]
        start = pts.index(min(pts))
        forward = pts[start:] + pts[:start]
        backward = forward[:1] + forward[:0:-1]
        return tuple(min(forward, backward))

    def __eq__(self, other: object) -> bool:
        """The same outline, whichever vertex it starts at and whichever way it runs."""
        if not isinstance(other, Polygon):
            return NotImplemented
        return self.canonical() == other.canonical()

    def signed_area(self) -> float:
        """Positive when the vertices run counter-clockwise (shoelace formula)."""
        pts = self.points
        return sum(a.x * b.y - b.x * a.y for a, b in zip(pts, pts[1:] + pts[:1])) / 2

    def area(self) -> float:
        return abs(self.signed_area())

    def perimeter(self) -> float:
        pts = self.points
        return sum(a.distance(b) for a, b in zip(pts, pts[1:] + pts[:1]))

    def bounds(self) -> Box:
        xs, ys = [p.x for p in self.points], [p.y for p in self.points]
        return Box(min(xs), min(ys), max(xs), max(ys))

    def translated(self, dx: float, dy: float) -> "Polygon":
        return Polygon([p.moved(dx, dy) for p in self.points])

    def scaled(self, factor: float) -> "Polygon":
        if factor <= 0:
            raise ValueError(f"scale factor must be positive, got {factor}")
        return Polygon([p.scaled(factor) for p in self.points])
