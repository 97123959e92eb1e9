from datetime import date, time
from decimal import Decimal

import pytest

from payday.overtime import split_hours
from payday.periods import PayPeriod
from payday.timesheet import Shift, Timesheet, parse_shift


def test_parse_shift_with_and_without_break():
    assert parse_shift("2024-03-04 09:00-17:30 break 30") == Shift(date(2024, 3, 4), time(9), time(17, 30), 30)
    assert parse_shift("2024-03-05 7:15-12:00").hours == Decimal("4.75")
    with pytest.raises(ValueError, match="not a shift"):
        parse_shift("Monday 9 to 5")


def test_night_shift_ends_the_next_day():
    assert Shift(date(2024, 3, 4), time(22), time(6), 45).hours == Decimal("7.25")
    with pytest.raises(ValueError, match="break"):
        _ = Shift(date(2024, 3, 4), time(9), time(9, 30), 45).hours


def test_weeks_of_a_period():
    weeks = list(PayPeriod(date(2024, 3, 4), date(2024, 3, 17)).weeks())
    assert [(w.start.day, w.end.day) for w in weeks] == [(4, 10), (11, 17)]
    assert PayPeriod(date(2024, 3, 4), date(2024, 3, 17)).days == 14
    with pytest.raises(ValueError):
        PayPeriod(date(2024, 3, 17), date(2024, 3, 4))


def test_overtime_is_counted_per_week():
    sheet = Timesheet(1)
    for day in range(4, 9):  # Mon-Fri, 9 hours a day
        sheet.add(f"2024-03-{day:02d} 08:00-17:00")
    sheet.add("2024-03-11 08:00-12:00")
    period = PayPeriod(date(2024, 3, 4), date(2024, 3, 17))
    assert split_hours(sheet, period) == (Decimal("44.00"), Decimal("5.00"))
    assert sheet.hours_in(PayPeriod(date(2024, 3, 11), date(2024, 3, 11))) == Decimal("4.00")
