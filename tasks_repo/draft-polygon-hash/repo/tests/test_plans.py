from draftkit.parse import parse_plan
from draftkit.points import Point
from draftkit.polygon import Polygon
from draftkit.layer import Layer

PLAN = """
[walls]
rect 0,0 10x8
polygon 10,0 14,0 14,8 10,8   # annex
[columns]
circle 2,2 r=0.5
circle 8,2 r=0.5
"""


def test_plan_with_rooms_loads():
    drawing = parse_plan(PLAN)
    assert drawing.summary() == ["walls: 2 shapes, 112.00", "columns: 2 shapes, 1.57"]


def test_the_same_room_traced_from_another_corner_is_kept_once():
    layer = Layer("rooms")
    kitchen = [Point(0, 0), Point(4, 0), Point(4, 3), Point(0, 3)]
    assert layer.add(Polygon(kitchen))
    assert not layer.add(Polygon(kitchen[2:] + kitchen[:2]))
    assert not layer.add(Polygon(kitchen[::-1]))
    assert len(layer) == 1 and layer.area() == 12.0
