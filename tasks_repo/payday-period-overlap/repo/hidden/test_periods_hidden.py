from datetime import date, time, timedelta
from decimal import Decimal

from payday.employees import Employee, Staff
from payday.payrun import Company, run, year_to_date
from payday.periods import period_of, periods_between
from payday.timesheet import Shift, Timesheet


def every_day(number: int, first: date, last: date, weekdays_only: bool = True) -> Timesheet:
    sheet = Timesheet(number)
    day = first
    while day <= last:
        if day.weekday() < 5 or not weekdays_only:
            sheet.add(Shift(day, time(8, 0), time(16, 0)))
        day += timedelta(days=1)
    return sheet


def test_every_day_of_a_year_lies_in_exactly_one_period():
    anchor = date(2024, 1, 8)
    seen: dict[date, int] = {}
    for period in periods_between(anchor, date(2024, 12, 31), anchor):
        assert period.days == 14
        day = period.start
        while day <= period.end:
            seen[day] = seen.get(day, 0) + 1
            day += timedelta(days=1)
    assert set(seen.values()) == {1}


def test_period_of_its_last_and_next_first_day():
    anchor = date(2024, 1, 8)
    assert period_of(date(2024, 1, 21), anchor).end == date(2024, 1, 21)
    assert period_of(date(2024, 1, 22), anchor).start == date(2024, 1, 22)
    assert period_of(date(2024, 1, 9), anchor, length=1).end == date(2024, 1, 9)


def test_weekly_company_and_overtime():
    shop = Company("Kiosk", anchor=date(2024, 3, 4), period_days=7)
    staff = Staff()
    staff.hire(Employee(2, "Lea", Decimal("12.00")))
    sheets = {2: every_day(2, date(2024, 3, 4), date(2024, 3, 17), weekdays_only=False)}
    slip = run(shop, staff, sheets, date(2024, 3, 10))[0]
    assert slip.period.label() == "04 Mar 2024 - 10 Mar 2024"
    assert (slip.regular_hours, slip.overtime_hours) == (Decimal("40.00"), Decimal("16.00"))


def test_year_to_date_pays_each_shift_once():
    bakery = Company("Bakery Nord", anchor=date(2024, 1, 8))
    staff = Staff()
    staff.hire(Employee(1, "Jonas", Decimal("15.00")))
    sheets = {1: every_day(1, date(2024, 1, 8), date(2024, 3, 31))}
    totals = year_to_date(bakery, staff, sheets, date(2024, 3, 31))[1]
    assert totals["gross"] == Decimal("7200.00")


def test_monday_shift_on_the_later_payslip_only():
    bakery = Company("Bakery Nord", anchor=date(2024, 1, 8))
    staff = Staff()
    staff.hire(Employee(1, "Jonas", Decimal("15.00")))
    sheets = {1: Timesheet(1).add("2024-03-18 08:00-12:00")}
    assert run(bakery, staff, sheets, date(2024, 3, 17))[0].gross == Decimal("0.00")
    assert run(bakery, staff, sheets, date(2024, 3, 18))[0].gross == Decimal("60.00")
