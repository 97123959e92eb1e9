from decimal import Decimal

import pytest

from payday.money import fmt, parse_amount, to_cents
from payday.tax import annual_tax, period_tax


def test_cents_round_half_up_and_format():
    assert to_cents(Decimal("2.345")) == Decimal("2.35")
    assert to_cents("0.005") == Decimal("0.01")
    assert fmt(Decimal("1234.5")) == "1,234.50"
    assert fmt(Decimal("-12.5")) == "-12.50"


def test_parse_amount():
    assert parse_amount(" 1,234.5 ") == Decimal("1234.50")
    with pytest.raises(ValueError):
        parse_amount("twelve")
    with pytest.raises(ValueError):
        parse_amount("NaN")


@pytest.mark.parametrize("income, tax", [
    (Decimal(0), Decimal("0.00")),
    (Decimal(12570), Decimal("0.00")),
    (Decimal(50270), Decimal("7540.00")),
    (Decimal(60000), Decimal("11432.00")),
    (Decimal(150000), Decimal("48675.00")),
])
def test_annual_bands(income, tax):
    assert annual_tax(income) == tax


def test_period_tax_spreads_the_year():
    assert period_tax(Decimal("1000.00"), 12) == Decimal("0.00")
    assert period_tax(Decimal("2000.00"), 12) == Decimal("190.50")
    with pytest.raises(ValueError):
        period_tax(Decimal("100.00"), 0)
