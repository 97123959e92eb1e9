import pytest

from draftkit.circle import Circle
from draftkit.drawing import Drawing
from draftkit.parse import parse_plan, parse_shape
from draftkit.points import Point
from draftkit.polygon import Polygon
from draftkit.rect import Rectangle
from draftkit.svg import shape_element, to_svg


def test_parse_shapes():
    assert parse_shape("circle 1,2 r=0.5") == Circle(Point(1, 2), 0.5)
    rect = parse_shape("rect 1,1 2x3")
    assert isinstance(rect, Rectangle) and (rect.width, rect.height) == (2, 3)
    assert parse_shape("polygon 0,0 1,0 0,1") == Polygon([Point(0, 0), Point(1, 0), Point(0, 1)])
    with pytest.raises(ValueError, match="line 7: cannot read 'hexagon 1,1'"):
        parse_shape("hexagon 1,1", 7)
    with pytest.raises(ValueError, match="line 2: '1;1' is not a point"):
        parse_shape("circle 1;1 r=2", 2)


def test_columns_layer_drops_duplicates_and_exports():
    drawing = parse_plan("[columns]\ncircle 1,1 r=1\ncircle 1,1 r=1.0  # again\ncircle 4,1 r=1\n")
    assert len(drawing.layer("columns")) == 2
    assert to_svg(drawing).splitlines() == [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 2">',
        '  <g id="columns">',
        '    <circle cx="1" cy="1" r="1"/>',
        '    <circle cx="4" cy="1" r="1"/>',
        "  </g>",
        "</svg>"]


def test_hidden_layers_and_empty_drawings():
    drawing = Drawing()
    assert to_svg(drawing) == '<svg xmlns="http://www.w3.org/2000/svg"/>'
    drawing.add("a", [Circle(Point(0, 0), 1)])
    drawing.add("b", [Circle(Point(10, 0), 1)])
    drawing.layer("b").visible = False
    assert drawing.bounds().right == 1 and drawing.bounds(visible_only=False).right == 11
    assert shape_element(Polygon([Point(0, 0), Point(2, 0), Point(0, 1)]), 1.0) == '<polygon points="0,1 2,1 0,0"/>'
