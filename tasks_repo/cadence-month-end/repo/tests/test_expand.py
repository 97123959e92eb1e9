from datetime import date

from cadence import Rule
from cadence.expand import occurrences


def first(rule, start, n=5):
    out = []
    for day in occurrences(rule, start):
        out.append(day)
        if len(out) == n:
            break
    return out


def test_every_three_days():
    assert first(Rule("daily", interval=3), date(2024, 2, 26), 3) == [
        date(2024, 2, 26), date(2024, 2, 29), date(2024, 3, 3)]


def test_every_other_week_on_two_days_starts_in_the_first_week():
    rule = Rule("weekly", interval=2, weekdays=(0, 3))
    assert first(rule, date(2024, 3, 6)) == [
        date(2024, 3, 7), date(2024, 3, 18), date(2024, 3, 21), date(2024, 4, 1), date(2024, 4, 4)]


def test_weekly_without_days_uses_the_start_weekday():
    assert first(Rule("weekly"), date(2024, 3, 6), 2) == [date(2024, 3, 6), date(2024, 3, 13)]


def test_monthly_mid_month_and_count():
    assert list(occurrences(Rule("monthly", count=3), date(2024, 11, 15))) == [
        date(2024, 11, 15), date(2024, 12, 15), date(2025, 1, 15)]


def test_until_is_inclusive():
    rule = Rule("daily", until=date(2024, 3, 3))
    assert list(occurrences(rule, date(2024, 3, 1))) == [date(2024, 3, 1), date(2024, 3, 2), date(2024, 3, 3)]
