from datetime import date, datetime, timedelta, timezone

import pytest

from layover.airports import get
from layover.clock import at, local_time, to_utc
from layover.connections import connection_problem, problems
from layover.flights import Flight, parse_duration
from layover.search import fastest, itineraries
from layover.timetable import Timetable, parse_flight

EAST = Timetable.parse("""
AI0215 DEL KTM 2024-03-05 12:00 1h30
BA0143 LHR DEL 2024-03-04 20:50 8h55
VS0300 LHR DEL 2024-03-04 21:00 9h40
AI0161 LHR DEL 2024-03-05 13:00 9h10
""")


def test_durations():
    assert parse_duration("2h40") == timedelta(hours=2, minutes=40)
    assert parse_duration("55m") == parse_duration("55") == timedelta(minutes=55)
    with pytest.raises(ValueError, match="duration"):
        parse_duration("two hours")


def test_clock_conversions():
    moment = local_time("2024-03-05 12:00", get("DEL"))
    assert to_utc(moment) == datetime(2024, 3, 5, 6, 30, tzinfo=timezone.utc)
    assert at(moment, get("KTM")).strftime("%H:%M") == "12:15"
    with pytest.raises(ValueError):
        to_utc(datetime(2024, 3, 5, 12, 0))


def test_arrival_on_the_destination_clock():
    flight = EAST.flight("AI0215", date(2024, 3, 5))
    assert flight.arrives.strftime("%Y-%m-%d %H:%M") == "2024-03-05 13:45"
    overnight = EAST.flight("BA0143", date(2024, 3, 4))
    assert overnight.arrives.strftime("%Y-%m-%d %H:%M") == "2024-03-05 11:15"


def test_connections_in_delhi():
    into = EAST.flight("BA0143", date(2024, 3, 4))
    late = EAST.flight("VS0300", date(2024, 3, 4))
    out = EAST.flight("AI0215", date(2024, 3, 5))
    assert connection_problem(into, out) == "DEL: 45 min to change planes, at least 75 needed"
    assert connection_problem(late, out) == "AI0215 leaves DEL before VS0300 lands"
    assert problems([out, into]) == ["AI0215 lands at KTM but BA0143 leaves from LHR"]
    assert connection_problem(EAST.flight("AI0161", date(2024, 3, 5)), out) is not None


def test_search_and_fastest_without_a_connection():
    assert itineraries(EAST, "LHR", "KTM", date(2024, 3, 4)) == []
    best = fastest(EAST, "LHR", "DEL", date(2024, 3, 4))
    assert best is not None and best.legs[0].number == "BA0143"
    assert fastest(EAST, "DEL", "LHR", date(2024, 3, 5)) is None


def test_bad_flights():
    with pytest.raises(ValueError, match="expected 'NUMBER FROM TO"):
        parse_flight("AI0215 DEL KTM 12:00 1h30")
    with pytest.raises(ValueError, match="origin and destination"):
        Flight("XX1", get("DEL"), get("DEL"), local_time("2024-03-05 12:00", get("DEL")), timedelta(hours=1))
    with pytest.raises(KeyError, match="no flight AI0999"):
        EAST.flight("AI0999", date(2024, 3, 5))
