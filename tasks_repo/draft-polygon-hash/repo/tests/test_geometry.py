import math

import pytest

from draftkit.box import Box, union_all
from draftkit.circle import Circle
from draftkit.points import Point, snap
from draftkit.polygon import Polygon
from draftkit.rect import Rectangle

TRIANGLE = [Point(0, 0), Point(4, 0), Point(0, 3)]


def test_polygon_measures():
    tri = Polygon(TRIANGLE)
    assert tri.area() == 6.0 and tri.perimeter() == 12.0
    assert tri.signed_area() == 6.0 and Polygon(TRIANGLE[::-1]).signed_area() == -6.0
    assert tri.bounds() == Box(0, 0, 4, 3)


def test_polygons_compare_by_outline():
    tri = Polygon(TRIANGLE)
    assert tri == Polygon(TRIANGLE[1:] + TRIANGLE[:1])
    assert tri == Polygon(TRIANGLE[::-1])
    assert tri != Polygon([Point(0, 0), Point(5, 0), Point(0, 3)])
    assert tri.translated(2, 1).translated(-2, -1) == tri


def test_polygon_validation():
    with pytest.raises(ValueError, match="at least 3"):
        Polygon(TRIANGLE[:2])
    with pytest.raises(ValueError, match="same vertex"):
        Polygon(TRIANGLE + [Point(4, 0)])


def test_rectangle_and_circle():
    rect = Rectangle(1, 2, 3, 4)
    assert rect.area() == 12 and rect.perimeter() == 14 and rect.bounds() == Box(1, 2, 4, 6)
    moved = rect.scaled(2).translated(-2, -4)
    assert isinstance(moved, Rectangle) and (moved.x, moved.y, moved.width, moved.height) == (0, 0, 6, 8)
    circle = Circle(Point(1, 1), 2)
    assert math.isclose(circle.area(), 4 * math.pi) and circle.bounds() == Box(-1, -1, 3, 3)
    assert circle.translated(1, 0) == Circle(Point(2, 1), 2)
    assert len({circle, Circle(Point(1, 1), 2.0000000000001), circle.scaled(2)}) == 2


def test_points_and_boxes():
    assert snap(0.1 + 0.2) == 0.3 and str(snap(-0.0)) == "0.0"
    assert Point(0, 0).distance(Point(3, 4)) == 5
    assert union_all([Box(0, 0, 1, 1), Box(-1, 2, 0, 3)]) == Box(-1, 0, 1, 3)
    assert union_all([]) is None
    assert Box(0, 0, 5, 5).contains(Box(1, 1, 2, 2)) and not Box(0, 0, 1, 1).contains(Box(0, 0, 2, 1))
