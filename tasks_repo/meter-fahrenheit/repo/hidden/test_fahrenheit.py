from meterly import alerts
from meterly.report import stats_of
from meterly.units import parse_celsius, to_celsius


def test_fahrenheit_fixed_points():
    assert to_celsius(32.0, "F") == 0.0
    assert to_celsius(212.0, "F") == 100.0
    assert parse_celsius("-40F") == -40.0


def test_cold_store_in_fahrenheit():
    log = "c2;2024-01-05T01:00;35.6F\nc2;2024-01-05T13:00;37.4F\n"
    (day,) = stats_of(log)
    assert (day.low, day.high, day.mean) == (2.0, 3.0, 2.5)
    assert alerts(log) == ["c2 2024-01-05: too cold (2.5 C)"]
