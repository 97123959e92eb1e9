"""A drawing: ordered layers, merged from several sources, with totals per layer."""

from __future__ import annotations

from collections.abc import Iterable

from .box import Box, union_all
from .layer import Layer
from .shape import Shape


class Drawing:
    def __init__(self, title: str = "untitled") -> None:
        self.title = title
        self.layers: dict[str, Layer] = {}

    def layer(self, name: str) -> Layer:
        """The layer called ``name``, created on first use."""
        if name not in self.layers:
            self.layers[name] = Layer(name)
        return self.layers[name]

    def add(self, layer: str, shapes: Iterable[Shape]) -> int:
        return self.layer(layer).add_all(shapes)

    def merge(self, other: "Drawing") -> int:
        """Copy every layer of ``other`` into this drawing; returns how many shapes were new."""
        return sum(self.add(name, layer) for name, layer in other.layers.items())

    def bounds(self, visible_only: bool = True) -> Box | None:
        return union_all(box for layer in self.layers.values() if layer.visible or not visible_only
                         if (box := layer.bounds()) is not None)

    def summary(self) -> list[str]:
        """One line per layer: name, number of shapes, total area."""
        return [f"{name}: {len(layer)} shapes, {layer.area():.2f}" for name, layer in self.layers.items()]
