from datetime import date, datetime, timedelta, timezone

import pytest

from layover.airports import get, load
from layover.clock import local_time, to_utc
from layover.offsets import format_offset, parse_offset
from layover.search import fastest, itineraries
from layover.timetable import Timetable


@pytest.mark.parametrize("text, minutes", [
    ("-03:30", -210), ("-0330", -210), ("-09:30", -570), ("-00:30", -30), ("-02:30", -150), ("-12:00", -720),
])
def test_negative_offsets_with_minutes(text, minutes):
    assert parse_offset(text) == minutes


@pytest.mark.parametrize("text", ["-03:30", "-09:30", "-00:30", "+05:45", "+09:30", "-05:00", "+00:00"])
def test_format_parse_round_trip(text):
    assert format_offset(parse_offset(text)) == text


def test_st_johns_clock():
    assert get("YYT").offset_minutes == -210
    moment = local_time("2024-03-05 23:00", get("YYT"))
    assert to_utc(moment) == datetime(2024, 3, 6, 2, 30, tzinfo=timezone.utc)


def test_custom_airport_table_west_of_utc():
    marquesas = load("NHV Nuku_Hiva -09:30 30\nPPT Papeete -10:00 45")
    assert marquesas["NHV"].offset_minutes == -570
    assert marquesas["NHV"].tz.utcoffset(None) == timedelta(hours=-9, minutes=-30)


SEASON = Timetable.parse("""
AC8800 YHZ YYT 2024-03-05 15:00 1h25
AC1510 YYT LHR 2024-03-05 23:00 5h00
BA0430 LHR AMS 2024-03-06 08:10 1h15
KL1008 LHR AMS 2024-03-06 09:30 1h15
AC1500 YYZ YYT 2024-03-05 10:00 2h40
""")


def test_arrival_in_st_johns():
    flight = SEASON.flight("AC8800", date(2024, 3, 5))
    assert flight.arrives.strftime("%H:%M") == "16:55"
    assert SEASON.flight("AC1500", date(2024, 3, 5)).arrives.strftime("%H:%M") == "14:10"


def test_departures_from_st_johns_land_in_utc_correctly():
    leg = SEASON.flight("AC1510", date(2024, 3, 5))
    assert leg.arrives_utc == datetime(2024, 3, 6, 7, 30, tzinfo=timezone.utc)
    best = fastest(SEASON, "YYT", "AMS", date(2024, 3, 5))
    assert best is not None and [f.number for f in best.legs] == ["AC1510", "KL1008"]
    assert best.lines()[-1] == "total 8h15"


def test_search_from_halifax_to_london():
    found = itineraries(SEASON, "YHZ", "LHR", date(2024, 3, 5))
    assert len(found) == 1 and found[0].stops == ["YYT"]
    assert found[0].lines()[2] == "AC1510  YYT Tue 05 Mar 23:00 -> LHR 07:30 (+1)"
