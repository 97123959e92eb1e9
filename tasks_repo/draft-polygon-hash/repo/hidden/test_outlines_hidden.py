from draftkit.drawing import Drawing
from draftkit.layer import Layer
from draftkit.parse import parse_plan
from draftkit.points import Point
from draftkit.polygon import Polygon
from draftkit.rect import Rectangle

L_SHAPE = [Point(0, 0), Point(6, 0), Point(6, 2), Point(2, 2), Point(2, 5), Point(0, 5)]


def rotations(points):
    return [points[i:] + points[:i] for i in range(len(points))]


def test_every_listing_of_an_outline_hashes_alike():
    listings = rotations(L_SHAPE) + rotations(L_SHAPE[::-1])
    polygons = [Polygon(p) for p in listings]
    assert len(set(polygons)) == 1
    assert len({hash(p) for p in polygons}) == 1


def test_rectangles_are_hashable_and_deduplicated():
    layer = Layer("rooms")
    assert layer.add_all([Rectangle(0, 0, 3, 2), Rectangle(0, 0, 3, 2), Rectangle(0, 0, 2, 3)]) == 2
    assert Rectangle(1, 1, 1, 1) in {Rectangle(1, 1, 1, 1): "store"}


def test_floating_point_noise_does_not_split_outlines():
    a = Polygon([Point(0.1 + 0.2, 0), Point(1, 0), Point(1, 1)])
    b = Polygon([Point(1, 1), Point(0.3, 0), Point(1, 0)])
    assert a == b and hash(a) == hash(b)
    moved = a.translated(0.7, 0.1).translated(-0.7, -0.1)
    assert moved == a and hash(moved) == hash(a)


def test_different_outlines_stay_apart():
    layer = Layer("rooms")
    assert layer.add(Polygon(L_SHAPE))
    assert layer.add(Polygon([Point(0, 0), Point(6, 0), Point(6, 2), Point(2, 2), Point(2, 6), Point(0, 6)]))
    assert layer.add(Polygon(L_SHAPE).translated(1, 0))
    assert len(layer) == 3


def test_merge_and_remove_use_outlines():
    first = parse_plan("[walls]\nrect 0,0 4x4\npolygon 4,0 8,0 6,3\n")
    second = parse_plan("[walls]\npolygon 6,3 4,0 8,0\nrect 0,0 4x4\n[doors]\npolygon 1,0 2,0 2,1 1,1\n")
    assert first.merge(second) == 1
    assert [len(layer) for layer in first.layers.values()] == [2, 1]
    first.layer("walls").remove(Polygon([Point(8, 0), Point(6, 3), Point(4, 0)]))
    assert len(first.layer("walls")) == 1 and first.layer("walls").area() == 16.0
    assert isinstance(Drawing().layer("x"), Layer)
