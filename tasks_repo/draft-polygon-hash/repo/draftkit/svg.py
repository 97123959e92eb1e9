"""SVG export (y grows upwards in drawings, downwards in SVG: the export flips it)."""

from __future__ import annotations

from .circle import Circle
from .drawing import Drawing
from .polygon import Polygon
from .shape import Shape


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def shape_element(shape: Shape, top: float) -> str:
    if isinstance(shape, Circle):
        c = shape.centre
        return f'<circle cx="{_num(c.x)}" cy="{_num(top - c.y)}" r="{_num(shape.radius)}"/>'
    if isinstance(shape, Polygon):
        points = " ".join(f"{_num(p.x)},{_num(top - p.y)}" for p in shape.points)
        return f'<polygon points="{points}"/>'
    raise TypeError(f"cannot export {type(shape).__name__} to SVG")


def to_svg(drawing: Drawing) -> str:
    """The visible layers as one SVG document, one group per layer."""
    box = drawing.bounds()
    if box is None:
        return '<svg xmlns="http://www.w3.org/2000/svg"/>'
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_num(box.left)} 0 '
             f'{_num(box.width)} {_num(box.height)}">']
    for layer in drawing.layers.values():
        if layer.visible:
            lines.append(f'  <g id="{layer.name}">')
            lines.extend(f"    {shape_element(shape, box.top)}" for shape in layer)
            lines.append("  </g>")
    lines.append("</svg>")
    return "\n".join(lines)
