from datetime import date

from shelfwise.calendar import add_business_days, is_business_day
from shelfwise.catalog import Catalog
from shelfwise.fines import late_fee
from shelfwise.loans import Desk
from shelfwise.members import Member


def test_saturday_is_closed():
    assert not is_business_day(date(2024, 3, 9))


def test_friday_plus_one_is_monday():
    assert add_business_days(date(2024, 3, 8), 1) == date(2024, 3, 11)


def test_adult_loan_over_easter():
    cat = Catalog()
    cat.add("0-306-40615-2", "Dune", "Frank Herbert")
    loan = Desk(cat).lend(Member(3, "Ida"), "0-306-40615-2", date(2024, 3, 20))
    assert loan.due == date(2024, 4, 12)


def test_fee_does_not_count_the_weekend():
    cat = Catalog()
    cat.add("0-306-40615-2", "Dune", "Frank Herbert")
    desk = Desk(cat)
    loan = desk.lend(Member(4, "Al", "child"), "0-306-40615-2", date(2024, 3, 7))
    desk.give_back(loan, date(2024, 3, 25))
    assert late_fee(loan, "child", date(2024, 3, 30)) == 20
