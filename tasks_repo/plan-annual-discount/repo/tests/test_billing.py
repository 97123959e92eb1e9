from planly.billing import invoice


def test_yearly_invoice_has_two_months_free():
    inv = invoice("basic-annual", 12)
    assert inv.net == 9000
    assert inv.total == 9000 + 1710


def test_monthly_invoice_with_coupon():
    inv = invoice("basic-monthly", 1, coupon="MINUS100")
    assert inv.lines() == ["basic-monthly x 1 months: 9.00", "coupon: -1.00", "VAT: 1.52", "total: 9.52"]
