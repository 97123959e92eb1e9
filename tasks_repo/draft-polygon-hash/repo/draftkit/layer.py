"""Layers: named groups of shapes in which each outline appears once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .box import Box, union_all
from .shape import Shape


class Layer:
    def __init__(self, name: str, visible: bool = True) -> None:
        self.name, self.visible = name, visible
        self._shapes: dict[Shape, None] = {}

    def add(self, shape: Shape) -> bool:
        """Add ``shape``; False (nothing added) when the layer already holds an equal outline."""
        if shape in self._shapes:
            return False
        self._shapes[shape] = None
        return True

    def add_all(self, shapes: Iterable[Shape]) -> int:
        """Add several shapes; returns how many were new."""
        return sum(self.add(shape) for shape in shapes)

    def remove(self, shape: Shape) -> None:
        if shape not in self._shapes:
            raise KeyError(f"layer {self.name!r} has no {shape!r}")
        del self._shapes[shape]

    def __contains__(self, shape: object) -> bool:
        return shape in self._shapes

    def __iter__(self) -> Iterator[Shape]:
        return iter(list(self._shapes))

    def __len__(self) -> int:
        return len(self._shapes)

    def area(self) -> float:
        return sum(shape.area() for shape in self._shapes)

    def bounds(self) -> Box | None:
        return union_all(shape.bounds() for shape in self._shapes)
