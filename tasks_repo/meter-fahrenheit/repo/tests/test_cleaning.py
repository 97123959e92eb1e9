from meterly.cleaning import clean
from meterly.readings import parse_log
from meterly.timeutil import day_key, parse_time

LOG = """# kitchen sensor
k1;2024-03-01T07:00;20.0C
k1;2024-03-01T07:00;21.0C
k1;2024-03-01T08:00;99.0C
k1;2024-03-02T08:00;19.5C
"""


def test_clean_keeps_last_reading_per_minute_and_drops_implausible():
    readings = clean(parse_log(LOG))
    assert [r.celsius for r in readings] == [21.0, 19.5]


def test_day_key():
    assert day_key(parse_time("2024-03-01T23:59")) == "2024-03-01"
