from ledgerly import Invoice, LineItem, Money
from ledgerly.discounts import Tier, discount_for, tier_for


def test_each_threshold_is_inclusive():
    assert tier_for(Money.parse("5000.00")).percent == 10.0
    assert tier_for(Money.parse("10000.00")).percent == 15.0


def test_just_above_and_below():
    assert discount_for(Money.parse("4999.99")) == Money.parse("4999.99").times(0.05)
    assert discount_for(Money.parse("1000.01")) == Money.parse("1000.01").times(0.05)


def test_custom_tiers_at_threshold():
    tiers = (Tier(Money(200), 50.0),)
    assert discount_for(Money(200), tiers) == Money(100)


def test_invoice_due_at_threshold():
    inv = Invoice("C-1", "Dan")
    inv.add(LineItem("Audit", 2, Money.parse("2500.00"), "consulting"))
    assert inv.net == Money.parse("4500.00")
    assert inv.due == Money.parse("4500.00") + Money.parse("855.00")
