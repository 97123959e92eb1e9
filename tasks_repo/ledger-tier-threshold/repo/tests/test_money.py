import pytest

from ledgerly.money import CurrencyMismatch, Money, total


def test_parse_and_format():
    assert Money.parse("12.5").cents == 1250
    assert Money.parse("-0.07").format() == "-0.07 EUR"
    assert Money.parse("1,234.56").cents == 123456


def test_times_rounds_half_away_from_zero():
    assert Money(5).times(0.5).cents == 3
    assert Money(-5).times(0.5).cents == -3


def test_mixing_currencies_fails():
    with pytest.raises(CurrencyMismatch):
        Money(1, "EUR") + Money(1, "USD")


def test_total_of_nothing_is_zero():
    assert total([], "USD") == Money(0, "USD")
