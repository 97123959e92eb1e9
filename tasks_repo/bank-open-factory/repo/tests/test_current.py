import pytest

from bankkit.accounts import Account, InsufficientFunds
from bankkit.money import cents, monthly_interest, show


def test_money_helpers():
    assert cents("12.3") == 1230 and cents("-0.05") == -5 and show(-1205) == "-12.05"
    assert monthly_interest(120_000, 2.4) == 240
    with pytest.raises(ValueError):
        cents("1.234")


def test_overdraft_and_interest():
    acc = Account.open("Ana", 10_000)
    acc.withdraw(40_000)
    assert acc.balance == -30_000
    assert [e.amount for e in acc.month_end()] == [-250]
    with pytest.raises(InsufficientFunds):
        acc.withdraw(30_000)
