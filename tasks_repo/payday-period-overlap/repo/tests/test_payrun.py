from datetime import date, time, timedelta
from decimal import Decimal

from payday.employees import Employee, Staff
from payday.payrun import Company, run
from payday.timesheet import Shift, Timesheet

BAKERY = Company("Bakery Nord", anchor=date(2024, 1, 8))


def weekday_sheet(number: int, first: date, last: date) -> Timesheet:
    sheet = Timesheet(number)
    day = first
    while day <= last:
        if day.weekday() < 5:
            sheet.add(Shift(day, time(8, 0), time(16, 30), break_minutes=30))
        day += timedelta(days=1)
    return sheet


def staff() -> Staff:
    people = Staff()
    people.hire(Employee(1, "Jonas", Decimal("15.00")))
    return people


def test_fortnight_of_weekdays_is_eighty_hours():
    sheets = {1: weekday_sheet(1, date(2024, 3, 4), date(2024, 3, 29))}
    slip = run(BAKERY, staff(), sheets, date(2024, 3, 8))[0]
    assert slip.period.label() == "04 Mar 2024 - 17 Mar 2024"
    assert (slip.regular_hours, slip.overtime_hours) == (Decimal("80.00"), Decimal("0.00"))
    assert (slip.gross, slip.tax, slip.pension, slip.net) == (
        Decimal("1200.00"), Decimal("143.31"), Decimal("60.00"), Decimal("996.69"))


def test_consecutive_payslips_pay_each_shift_once():
    sheets = {1: weekday_sheet(1, date(2024, 3, 4), date(2024, 3, 29))}
    first = run(BAKERY, staff(), sheets, date(2024, 3, 4))[0]
    second = run(BAKERY, staff(), sheets, date(2024, 3, 29))[0]
    assert first.regular_hours + second.regular_hours == Decimal("160.00")


def test_no_shifts_no_pay():
    slip = run(BAKERY, staff(), {}, date(2024, 3, 8))[0]
    assert slip.gross == slip.net == Decimal("0.00")
