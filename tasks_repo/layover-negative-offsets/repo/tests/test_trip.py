from datetime import date

from layover.itinerary import Itinerary
from layover.search import itineraries
from layover.timetable import Timetable

SEASON = Timetable.parse("""
# number from to  day        dep   block
AC1500 YYZ YYT 2024-03-05 10:00 2h40
AC1510 YYT LHR 2024-03-05 23:00 5h00
BA0430 LHR AMS 2024-03-06 08:10 1h15
KL1008 LHR AMS 2024-03-06 09:30 1h15
""")


def trip(*numbers_and_days):
    return Itinerary(tuple(SEASON.flight(n, d) for n, d in numbers_and_days))


def test_printout_of_a_trip_through_st_johns():
    it = trip(("AC1500", date(2024, 3, 5)), ("AC1510", date(2024, 3, 5)), ("KL1008", date(2024, 3, 6)))
    assert it.lines() == [
        "AC1500  YYZ Tue 05 Mar 10:00 -> YYT 14:10",
        "  change at YYT: 8h50",
        "AC1510  YYT Tue 05 Mar 23:00 -> LHR 07:30 (+1)",
        "  change at LHR: 2h00",
        "KL1008  LHR Wed 06 Mar 09:30 -> AMS 11:45",
        "total 19h45",
    ]
    assert it.problems() == []


def test_too_short_change_at_heathrow():
    it = trip(("AC1510", date(2024, 3, 5)), ("BA0430", date(2024, 3, 6)))
    assert it.problems() == ["LHR: 40 min to change planes, at least 60 needed"]


def test_search_offers_only_connections_that_work():
    found = itineraries(SEASON, "YYT", "AMS", date(2024, 3, 5))
    assert [[leg.number for leg in it.legs] for it in found] == [["AC1510", "KL1008"]]
