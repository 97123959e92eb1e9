from ledgerly import Invoice, LineItem, Money
from ledgerly.discounts import discount_for


def test_invoice_of_exactly_one_thousand_gets_five_percent():
    inv = Invoice("B-7", "Cleo")
    inv.add(LineItem("Workshop day", 1, Money.parse("1000.00")))
    assert inv.discount == Money.parse("50.00")
    assert inv.net == Money.parse("950.00")


def test_no_discount_below_first_tier():
    assert discount_for(Money.parse("999.99")) == Money(0)
