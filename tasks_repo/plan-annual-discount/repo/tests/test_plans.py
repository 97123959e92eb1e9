import pytest

from planly.catalog import plan_for
from planly.coupons import coupon_value


def test_monthly_and_student_prices():
    assert plan_for("basic-monthly").price_for(3) == 2700
    assert plan_for("student").price_for(12) == 5400


def test_annual_plan_has_no_discount_below_a_year():
    assert plan_for("basic-annual").price_for(6) == 5400


def test_unknown_plan_and_bad_months():
    with pytest.raises(KeyError):
        plan_for("gold")
    with pytest.raises(ValueError):
        plan_for("student").price_for(0)


def test_coupons():
    assert coupon_value("save10", 5000) == 500
    assert coupon_value("MINUS700", 500) == 500
    with pytest.raises(ValueError):
        coupon_value("FREE", 100)
