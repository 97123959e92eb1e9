from datetime import date
from decimal import Decimal

import pytest

from payday.employees import Employee, Staff
from payday.payslip import make_payslip
from payday.periods import PayPeriod
from payday.reports import bank_file, summary, totals
from payday.timesheet import Timesheet

WEEK = PayPeriod(date(2024, 3, 4), date(2024, 3, 10))


def test_payslip_with_overtime_and_dues():
    ana = Employee(7, "Ana", Decimal("20.00"), pension_percent=Decimal("4"), union_member=True)
    sheet = Timesheet(7)
    for day in range(4, 9):
        sheet.add(f"2024-03-{day:02d} 07:00-17:00 break 60")  # 9 h a day, 45 h
    slip = make_payslip(ana, sheet, WEEK, periods_per_year=52)
    assert (slip.regular_hours, slip.overtime_hours) == (Decimal("40.00"), Decimal("5.00"))
    assert slip.gross == Decimal("950.00")
    assert (slip.tax, slip.pension, slip.dues) == (Decimal("141.65"), Decimal("38.00"), Decimal("12.50"))
    assert slip.lines()[0] == "Ana (#7), 04 Mar 2024 - 10 Mar 2024"
    assert slip.lines()[-1] == "  net                       757.85"


def test_timesheet_of_someone_else_is_refused():
    with pytest.raises(ValueError, match="timesheet of employee 8"):
        make_payslip(Employee(7, "Ana", Decimal("20")), Timesheet(8), WEEK, 52)


def test_totals_and_bank_file_skip_zero_pay():
    ana, ben = Employee(7, "Ana", Decimal("20.00")), Employee(3, "Ben", Decimal("10.00"))
    slips = [make_payslip(ana, Timesheet(7).add("2024-03-05 09:00-13:00"), WEEK, 52),
             make_payslip(ben, Timesheet(3), WEEK, 52)]
    assert totals(slips)["gross"] == Decimal("80.00")
    assert bank_file(slips, "MAR-1") == "7;Ana;76.00;MAR-1\n"
    assert summary(slips).startswith("2 payslips: gross 80.00")


def test_staff_numbers_are_unique():
    staff = Staff()
    staff.hire(Employee(2, "Cem", Decimal("12")))
    with pytest.raises(ValueError, match="taken by Cem"):
        staff.hire(Employee(2, "Dora", Decimal("12")))
    with pytest.raises(ValueError, match="hourly rate"):
        Employee(4, "Eli", Decimal("0"))
