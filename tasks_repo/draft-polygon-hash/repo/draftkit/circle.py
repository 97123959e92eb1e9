"""Circles by centre and radius."""

from __future__ import annotations

import math

from .box import Box
from .points import Point, snap
from .shape import Shape


class Circle(Shape):
    kind = "circle"

    def __init__(self, centre: Point, radius: float) -> None:
        if radius <= 0:
            raise ValueError(f"a circle needs a positive radius, got {radius}")
        self.centre, self.radius = centre, radius

    def key(self) -> tuple:
        return (*self.centre.snapped(), snap(self.radius))

    def area(self) -> float:
        return math.pi * self.radius ** 2

    def perimeter(self) -> float:
        return 2 * math.pi * self.radius

    def bounds(self) -> Box:
        c, r = self.centre, self.radius
        return Box(c.x - r, c.y - r, c.x + r, c.y + r)

    def translated(self, dx: float, dy: float) -> "Circle":
        return Circle(self.centre.moved(dx, dy), self.radius)

    def scaled(self, factor: float) -> "Circle":
        if factor <= 0:
            raise ValueError(f"scale factor must be positive, got {factor}")
        return Circle(self.centre.scaled(factor), self.radius * factor)
