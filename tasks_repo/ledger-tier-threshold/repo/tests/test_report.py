from ledgerly import Invoice, LineItem, Money
from ledgerly.items import parse_line
from ledgerly.report import render, revenue, top_customers


def small_invoice(number="A-1", customer="Ada"):
    inv = Invoice(number, customer)
    inv.add(parse_line("2 x Logo sketch @ 150.00"))
    inv.add(parse_line("1 x Style guide @ 80.00 [books]"))
    return inv


def test_render_lists_items_and_due():
    text = render(small_invoice())
    assert "Logo sketch" in text and "Due" in text
    assert "Discount" not in text


def test_small_invoice_totals():
    inv = small_invoice()
    assert inv.subtotal == Money(38000)
    assert inv.tax == Money(5700 + 560)
    assert inv.due == Money(38000 + 6260)


def test_revenue_and_top_customers():
    invoices = [small_invoice("A-1", "Ada"), small_invoice("A-2", "Bob"), small_invoice("A-3", "Ada")]
    assert revenue(invoices) == Money(3 * 38000)
    assert top_customers(invoices, 1) == [("Ada", Money(76000))]
