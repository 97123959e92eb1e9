from datetime import date

from cadence import Agenda, Event, Rule
from cadence.expand import occurrences


def test_rent_on_the_31st_falls_on_each_month_end():
    rent = list(occurrences(Rule("monthly", count=6), date(2024, 1, 31)))
    assert rent == [date(2024, 1, 31), date(2024, 2, 29), date(2024, 3, 31),
                    date(2024, 4, 30), date(2024, 5, 31), date(2024, 6, 30)]


def test_agenda_shows_rent_at_the_end_of_may():
    agenda = Agenda([Event("Pay rent", date(2024, 1, 31), Rule("monthly"))])
    assert agenda.on(date(2024, 5, 31)) == ["Pay rent"]
