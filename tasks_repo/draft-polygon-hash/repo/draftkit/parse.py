"""Outlines from the plain-text plan format, one shape per line::

    polygon 0,0 4,0 4,3
    rect 1,1 2x3
    circle 5,5 r=1.5
"""

from __future__ import annotations

from .circle import Circle
from .drawing import Drawing
from .points import Point
from .polygon import Polygon
from .rect import Rectangle
from .shape import Shape


def _point(text: str, line: int) -> Point:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise ValueError(f"line {line}: {text!r} is not a point 'x,y'") from None
    return Point(x, y)


def parse_shape(text: str, line: int = 1) -> Shape:
    kind, *args = text.split()
    if kind == "polygon":
        return Polygon([_point(a, line) for a in args])
    if kind == "rect" and len(args) == 2:
        corner = _point(args[0], line)
        width, _, height = args[1].partition("x")
        return Rectangle(corner.x, corner.y, float(width), float(height))
    if kind == "circle" and len(args) == 2 and args[1].startswith("r="):
        return Circle(_point(args[0], line), float(args[1][2:]))
    raise ValueError(f"line {line}: cannot read {text!r} (expected polygon, rect or circle)")


def parse_plan(text: str, drawing: Drawing | None = None) -> Drawing:
    """Read a plan; '[name]' lines start a layer (default layer: 'main'); '#' starts a comment."""
    drawing = drawing or Drawing()
    layer = "main"
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            layer = line[1:-1].strip()
            continue
        drawing.add(layer, [parse_shape(line, number)])
    return drawing
