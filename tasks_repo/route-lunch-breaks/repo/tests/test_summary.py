from routekit.drivers import Driver
from routekit.geo import Point
from routekit.planner import plan_day
from routekit.stops import Stop


def test_short_day_sheet_without_break():
    plan = plan_day(Driver("Eva"), Point(52.52, 13.40), [Stop("kiosk", Point(52.53, 13.40), 10)], breaks=[])
    assert plan.breaks == ()
    assert day_sheet_lines(plan) == ["Eva: 1 stops, 2.2 km, 0h14", " 1. kiosk"]


def day_sheet_lines(plan):
    from routekit.summary import day_sheet

    return day_sheet(plan).splitlines()
