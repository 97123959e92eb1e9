import pytest

from layover.airports import get, load
from layover.offsets import format_offset, parse_offset


@pytest.mark.parametrize("text, minutes", [
    ("+05:30", 330), ("+0545", 345), ("-05:00", -300), ("-0400", -240), ("+00:00", 0), ("Z", 0), (" utc ", 0),
    ("+09:30", 570),
])
def test_parse_offset(text, minutes):
    assert parse_offset(text) == minutes


@pytest.mark.parametrize("text", ["5:30", "+5:30", "+15:00", "-03:75", "EST", ""])
def test_bad_offsets(text):
    with pytest.raises(ValueError):
        parse_offset(text)


def test_format_offset():
    assert [format_offset(m) for m in (330, -300, 0, 345, -30)] == ["+05:30", "-05:00", "+00:00", "+05:45", "-00:30"]


def test_airport_lookup():
    assert get(" lhr ").city == "London"
    assert get("DEL").offset_minutes == 330
    assert get("JFK").min_connection == 60
    with pytest.raises(KeyError, match="unknown airport 'XXX'"):
        get("XXX")


def test_airport_table_errors_name_the_line():
    with pytest.raises(ValueError, match="airport line 2"):
        load("LHR London +00:00 60\nAMS Amsterdam +01:00")
