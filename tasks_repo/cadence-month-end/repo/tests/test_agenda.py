from datetime import date

import pytest

from cadence import Agenda, Event, Rule
from cadence.ics import to_ics


def agenda():
    return Agenda([
        Event("Team meeting", date(2024, 3, 4), Rule("weekly", weekdays=(0, 2))),
        Event("Dentist", date(2024, 3, 6)),
    ])


def test_entries_by_date_then_added_order():
    text = agenda().render(date(2024, 3, 5), date(2024, 3, 11))
    assert text.splitlines() == ["Wed 06.03.2024  Team meeting", "Wed 06.03.2024  Dentist", "Mon 11.03.2024  Team meeting"]


def test_cancelled_date_is_left_out_and_must_exist():
    ag = agenda()
    ag.events[0].cancel(date(2024, 3, 11))
    assert ag.on(date(2024, 3, 11)) == []
    assert ag.events[0].next_after(date(2024, 3, 6)) == date(2024, 3, 13)
    with pytest.raises(ValueError, match="does not take place"):
        ag.events[0].cancel(date(2024, 3, 12))


def test_backwards_period():
    with pytest.raises(ValueError, match="before it starts"):
        agenda().between(date(2024, 3, 5), date(2024, 3, 1))


def test_ics_export():
    event = Event("Yoga; beginners", date(2024, 3, 4), Rule("weekly", 2, (0, 3), count=6))
    event.cancel(date(2024, 3, 18))
    lines = to_ics([event]).split("\r\n")
    assert "SUMMARY:Yoga\\; beginners" in lines
    assert "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6" in lines
    assert "EXDATE;VALUE=DATE:20240318" in lines
