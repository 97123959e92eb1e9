"""Axis-aligned bounding boxes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    left: float
    bottom: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def union(self, other: "Box") -> "Box":
        return Box(min(self.left, other.left), min(self.bottom, other.bottom),
                   max(self.right, other.right), max(self.top, other.top))

    def contains(self, other: "Box") -> bool:
        return (self.left <= other.left and self.bottom <= other.bottom
                and other.right <= self.right and other.top <= self.top)


def union_all(boxes: Iterable[Box]) -> Box | None:
    """The box around all ``boxes``; None when there are none."""
    result: Box | None = None
    for box in boxes:
        result = box if result is None else result.union(box)
    return result
