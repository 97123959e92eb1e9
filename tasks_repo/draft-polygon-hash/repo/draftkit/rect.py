"""Axis-aligned rectangles: polygons with four vertices built from a corner and a size."""

from __future__ import annotations

from .points import Point
from .polygon import Polygon


class Rectangle(Polygon):
    kind = "rect"

    def __init__(self, x: float, y: float, width: float, height: float) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"a rectangle needs a positive size, got {width} x {height}")
        self.x, self.y, self.width, self.height = x, y, width, height
        super().__init__([Point(x, y), Point(x + width, y), Point(x + width, y + height), Point(x, y + height)])

    def translated(self, dx: float, dy: float) -> "Rectangle":
        return Rectangle(self.x + dx, self.y + dy, self.width, self.height)

    def scaled(self, factor: float) -> "Rectangle":
        if factor <= 0:
            raise ValueError(f"scale factor must be positive, got {factor}")
        return Rectangle(self.x * factor, self.y * factor, self.width * factor, self.height * factor)
