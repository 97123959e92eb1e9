from meterly import alerts, daily_table
from meterly.report import stats_of

CELSIUS_LOG = "a1;2024-03-01T07:00;20.0C\na1;2024-03-01T19:00;24.0C\n"
GREENHOUSE_LOG = "g7;2024-06-01T09:00;86.0F\ng7;2024-06-01T15:00;95.0F\n"


def test_celsius_sensor_table():
    assert "a1      2024-03-01   2  22.00  20.00  24.00" in daily_table(CELSIUS_LOG)
    assert alerts(CELSIUS_LOG) == []


def test_greenhouse_daily_mean():
    (day,) = stats_of(GREENHOUSE_LOG)
    assert day.mean == 32.5
    assert alerts(GREENHOUSE_LOG) == ["g7 2024-06-01: too warm (32.5 C)"]
