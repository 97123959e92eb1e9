import pytest

from bankkit.accounts import Account, InsufficientFunds
from bankkit.bank import Bank
from bankkit.savings import SavingsAccount
from bankkit.youth import YouthSavingsAccount


def test_open_returns_the_class_it_is_called_on():
    assert type(SavingsAccount.open("Dan")) is SavingsAccount
    assert type(YouthSavingsAccount.open("Eve", 100)) is YouthSavingsAccount
    assert type(Account.open("Fay")) is Account


def test_savings_rules_apply_to_opened_accounts():
    acc = Bank().open("savings", "Gus", 1_000)
    with pytest.raises(InsufficientFunds):
        acc.withdraw(1_500)
    for _ in range(3):
        acc.withdraw(100)
    with pytest.raises(InsufficientFunds, match="no more withdrawals"):
        acc.withdraw(100)


def test_youth_bonus_once():
    bank = Bank()
    acc = bank.open("youth", "Hal", 100_000)
    first = bank.month_end()[acc.number]
    second = bank.month_end()[acc.number]
    assert [(e.kind, e.amount) for e in first] == [("interest", 300), ("welcome bonus", 1000)]
    assert [e.kind for e in second] == ["interest"]
