from datetime import date

from cadence import Agenda, Event, Rule, parse_rule
from cadence.expand import occurrences


def test_the_30th_after_february():
    assert list(occurrences(Rule("monthly", count=4), date(2024, 1, 30))) == [
        date(2024, 1, 30), date(2024, 2, 29), date(2024, 3, 30), date(2024, 4, 30)]


def test_every_two_months_from_august_31():
    assert list(occurrences(parse_rule("every 2 months x 5"), date(2024, 8, 31))) == [
        date(2024, 8, 31), date(2024, 10, 31), date(2024, 12, 31), date(2025, 2, 28), date(2025, 4, 30)]


def test_leap_day_birthday_returns_in_leap_years():
    assert list(occurrences(Rule("yearly", count=5), date(2024, 2, 29))) == [
        date(2024, 2, 29), date(2025, 2, 28), date(2026, 2, 28), date(2027, 2, 28), date(2028, 2, 29)]


def test_until_after_a_short_month():
    rule = Rule("monthly", until=date(2024, 5, 31))
    assert list(occurrences(rule, date(2024, 1, 31)))[-2:] == [date(2024, 4, 30), date(2024, 5, 31)]


def test_next_rent_after_april():
    rent = Event("Pay rent", date(2024, 1, 31), Rule("monthly"))
    assert rent.next_after(date(2024, 4, 30)) == date(2024, 5, 31)
    agenda = Agenda([rent])
    assert [e.day for e in agenda.between(date(2024, 6, 1), date(2024, 9, 30))] == [
        date(2024, 6, 30), date(2024, 7, 31), date(2024, 8, 31), date(2024, 9, 30)]
