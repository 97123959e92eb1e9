from datetime import date

from shelfwise.catalog import Catalog
from shelfwise.loans import Loan
from shelfwise.members import Member
from shelfwise.notices import notice


def test_overdue_notice_with_fee():
    cat = Catalog()
    cat.add("0-306-40615-2", "Dune", "Frank Herbert")
    loan = Loan("0306406152", 1, date(2024, 2, 1), date(2024, 3, 11))
    text = notice(loan, Member(1, "Mia", "child"), cat, date(2024, 3, 14))
    assert text == "Mia: 'Dune' is overdue since 11.03.2024 (fee so far 0.30 EUR)"


def test_no_notice_for_returned_loans():
    loan = Loan("0306406152", 1, date(2024, 2, 1), date(2024, 3, 11), returned=date(2024, 3, 1))
    assert notice(loan, Member(1, "Mia"), Catalog(), date(2024, 3, 14)) is None
