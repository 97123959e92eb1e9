from routekit.drivers import Driver
from routekit.geo import Point
from routekit.planner import plan_day
from routekit.stops import Stop

DEPOT = Point(52.52, 13.40)


def long_day(prefix):
    return [Stop(f"{prefix}{i}", Point(52.52 + 0.01 * i, 13.40), 40) for i in range(1, 9)]


def test_one_lunch_break_on_a_long_day():
    plan = plan_day(Driver("Ute"), DEPOT, long_day("a"))
    assert [b.minutes for b in plan.breaks] == [30]


def test_each_day_gets_its_own_break():
    first = plan_day(Driver("Ute"), DEPOT, long_day("a"))
    second = plan_day(Driver("Jan"), DEPOT, long_day("b"))
    assert [b.after_stop for b in second.breaks] == ["b6"]
    assert [b.after_stop for b in first.breaks] == ["a6"]
