import pytest

from routekit.geo import Point, distance_km, parse_point
from routekit.routing import driving_minutes, nearest_neighbour, route_km
from routekit.stops import parse_stop, parse_stops

DEPOT = Point(52.52, 13.40)


def test_distance_berlin_hamburg():
    assert round(distance_km(DEPOT, Point(53.55, 9.99))) == 255


def test_parse_points_and_stops():
    assert parse_point("1.5, -2") == Point(1.5, -2.0)
    assert parse_stop("Bakery @ 52.5,13.4 [12]").minutes == 12
    with pytest.raises(ValueError):
        Point(91, 0)


def test_nearest_neighbour_order_and_length():
    stops = parse_stops("far @ 52.60,13.40\nnear @ 52.53,13.40\n# comment\nmid @ 52.56,13.40")
    order = nearest_neighbour(DEPOT, stops)
    assert [s.name for s in order] == ["near", "mid", "far"]
    assert round(route_km(DEPOT, order), 1) == 17.8
    assert driving_minutes(15.0) == 30
