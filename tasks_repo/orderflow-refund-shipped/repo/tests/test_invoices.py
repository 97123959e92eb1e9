from orderflow.invoices import invoice_text, vat_part
from orderflow.order import Order


def test_vat_part_of_gross_prices():
    assert vat_part(11900) == 1900
    assert vat_part(999) == 160


def test_invoice_and_credit_note():
    order = Order(3).add_line("book-1", 2, 1500)
    assert invoice_text(order).splitlines() == ["Invoice for order 3", "  2 x book-1        30.00 EUR",
                                                "  total             30.00 EUR", "  incl. VAT          4.79 EUR"]
    assert invoice_text(order, credit_note=True).splitlines()[2] == "  total            -30.00 EUR"
