from datetime import date

import pytest

from shelfwise.catalog import Catalog
from shelfwise.loans import Desk, LoanError
from shelfwise.members import Member


def desk():
    cat = Catalog()
    cat.add("0-306-40615-2", "Dune", "Frank Herbert")
    return Desk(cat)


def test_child_loan_due_after_ten_opening_days():
    loan = desk().lend(Member(1, "Mia", "child"), "0-306-40615-2", date(2024, 3, 7))
    assert loan.due == date(2024, 3, 21)


def test_no_copy_left():
    d = desk()
    d.lend(Member(1, "Mia"), "0-306-40615-2", date(2024, 3, 7))
    with pytest.raises(LoanError):
        d.lend(Member(2, "Ole"), "0-306-40615-2", date(2024, 3, 7))
