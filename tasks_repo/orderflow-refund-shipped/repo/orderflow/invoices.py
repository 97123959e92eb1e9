"""Invoices and credit notes as text; prices include 19% VAT, shown separately."""

from __future__ import annotations

from .order import Order

VAT = 0.19


def vat_part(gross_cents: int) -> int:
    """The VAT contained in a gross amount, rounded to the cent."""
    return round(gross_cents - gross_cents / (1 + VAT))


def euros(cents: int) -> str:
    return f"{cents / 100:.2f} EUR"


def invoice_text(order: Order, credit_note: bool = False) -> str:
    title = "Credit note" if credit_note else "Invoice"
    sign = -1 if credit_note else 1
    lines = [f"{title} for order {order.number}"]
    for sku, quantity, unit in order.lines:
        lines.append(f"  {quantity} x {sku:<10} {euros(sign * quantity * unit):>12}")
    total = sign * order.total_cents
    lines.append(f"  {'total':<14} {euros(total):>12}")
    lines.append(f"  {'incl. VAT':<14} {euros(sign * vat_part(order.total_cents)):>12}")
    return "\n".join(lines)
