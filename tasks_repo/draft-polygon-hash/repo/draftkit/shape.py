"""The shape base class: geometry queries, and equality and hashing through one ``key``."""

from __future__ import annotations

from .box import Box


class Shape:
    """A closed outline. Two shapes of the same class are equal when their keys are equal."""

    kind = "shape"

    def key(self) -> tuple:
        """The snapped values that identify this shape; subclasses define it."""
        raise NotImplementedError

    def area(self) -> float:
        raise NotImplementedError

    def perimeter(self) -> float:
        raise NotImplementedError

    def bounds(self) -> Box:
        raise NotImplementedError

    def translated(self, dx: float, dy: float) -> "Shape":
        raise NotImplementedError

    def scaled(self, factor: float) -> "Shape":
        """Scaled about the origin (drawing units -> other units)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.key() == other.key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.key()}"
