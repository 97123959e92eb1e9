from planly.annual import AnnualPlan
from planly.billing import invoice
from planly.catalog import plan_for


def test_two_years_four_months_free():
    assert AnnualPlan(1000).price_for(24) == 20000


def test_partial_years_count_full_years_only():
    assert plan_for("basic-annual").price_for(18) == 900 * 16


def test_family_plan_gets_the_yearly_discount_per_seat():
    assert plan_for("family-annual", seats=3).price_for(12) == 12000 + 2 * 7200


def test_annual_invoice_with_percent_coupon():
    inv = invoice("basic-annual", 12, coupon="SAVE10")
    assert (inv.net, inv.coupon, inv.vat) == (9000, 900, 1539)
