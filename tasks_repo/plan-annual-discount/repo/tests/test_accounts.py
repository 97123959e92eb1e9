from datetime import date

from planly.accounts import Account
from planly.reports import mrr, plan_mix


def test_upgrade_from_monthly_to_student_uses_the_credit():
    acc = Account("kim@example.org")
    acc.subscribe("basic-monthly", 6, date(2024, 1, 1))
    assert acc.credit(date(2024, 4, 1)) == 2700
    assert acc.upgrade("student", 6, date(2024, 4, 1)) == 2700 - 2700


def test_mrr_and_mix():
    a, b = Account("a@x.org"), Account("b@x.org")
    a.subscribe("basic-monthly", 3, date(2024, 1, 1))
    b.subscribe("student", 2, date(2024, 1, 1))
    assert mrr([a, b], date(2024, 2, 1)) == 900 + 450
    assert mrr([a, b], date(2024, 3, 1)) == 900
    assert plan_mix([a, b, Account("c@x.org")]) == {"basic-monthly": 1, "student": 1}
