from routekit.drivers import Driver
from routekit.geo import Point
from routekit.planner import plan_day
from routekit.stops import Stop
from routekit.summary import day_sheet

DEPOT = Point(52.52, 13.40)


def stops(prefix, n, minutes):
    return [Stop(f"{prefix}{i}", Point(52.52 + 0.01 * i, 13.40), minutes) for i in range(1, n + 1)]


def test_short_day_after_a_long_day_has_no_break():
    plan_day(Driver("A"), DEPOT, stops("x", 8, 40))
    short = plan_day(Driver("B"), DEPOT, stops("y", 2, 10))
    assert short.breaks == ()
    assert "break" not in day_sheet(short)


def test_three_long_days_in_a_row():
    plans = [plan_day(Driver(n), DEPOT, stops(n, 8, 40)) for n in "pqr"]
    assert [len(p.breaks) for p in plans] == [1, 1, 1]
    assert plans[2].minutes == plans[0].minutes


def test_explicit_breaks_are_kept():
    from routekit.planner import Break

    plan = plan_day(Driver("C"), DEPOT, stops("z", 2, 10), breaks=[Break("z1", 15)])
    assert [b.minutes for b in plan.breaks] == [15]
