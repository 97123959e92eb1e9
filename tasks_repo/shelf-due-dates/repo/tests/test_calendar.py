from datetime import date

from shelfwise.calendar import add_business_days, business_days_between, is_business_day


def test_sundays_and_holidays_are_closed():
    assert not is_business_day(date(2024, 3, 10))  # Sunday
    assert not is_business_day(date(2024, 5, 1))
    assert is_business_day(date(2024, 3, 12))


def test_add_zero_days_and_within_a_week():
    assert add_business_days(date(2024, 3, 11), 0) == date(2024, 3, 11)
    assert add_business_days(date(2024, 3, 11), 3) == date(2024, 3, 14)


def test_between_is_zero_backwards():
    assert business_days_between(date(2024, 3, 14), date(2024, 3, 11)) == 0
