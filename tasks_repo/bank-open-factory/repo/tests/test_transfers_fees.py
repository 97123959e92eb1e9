import pytest

from bankkit.accounts import Account, InsufficientFunds
from bankkit.bank import transfer
from bankkit.fees import charge_fees


def test_transfer_moves_money_or_nothing():
    a, b = Account.open("Ida", 10_000), Account.open("Jon")
    transfer(a, b, 2_500)
    assert (a.balance, b.balance) == (7_500, 2_500)
    with pytest.raises(InsufficientFunds):
        transfer(b, a, 60_000)
    assert (a.balance, b.balance) == (7_500, 2_500)
    with pytest.raises(ValueError):
        transfer(a, a, 1)


def test_fees_waived_for_large_balances():
    rich, poor = Account.open("Kai", 300_000), Account.open("Lea", 1_000)
    assert charge_fees([rich, poor]) == 2_400
    assert (rich.balance, poor.balance) == (300_000, -1_400)
