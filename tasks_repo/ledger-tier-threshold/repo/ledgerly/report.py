"""Plain-text rendering of an invoice and a summary over several invoices."""

from __future__ import annotations

from .invoice import Invoice
from .money import Money, total


def render(invoice: Invoice) -> str:
    lines = [f"Invoice {invoice.number} for {invoice.customer}"]
    for item in invoice.items:
        lines.append(f"  {item.quantity:>3} x {item.description:<30} {item.amount.format():>16}")
    lines.append(f"  {'Subtotal':<36} {invoice.subtotal.format():>16}")
    if invoice.discount.cents:
        lines.append(f"  {'Discount':<36} {(Money(0, invoice.currency) - invoice.discount).format():>16}")
    for category, amount in sorted(invoice.taxes().items()):
        lines.append(f"  {'VAT ' + category:<36} {amount.format():>16}")
    lines.append(f"  {'Due':<36} {invoice.due.format():>16}")
    return "\n".join(lines)


def revenue(invoices: list[Invoice], currency: str = "EUR") -> Money:
    """Net revenue (after discounts, before tax) of invoices in one currency."""
    return total([inv.net for inv in invoices if inv.currency == currency], currency)


def top_customers(invoices: list[Invoice], n: int = 3) -> list[tuple[str, Money]]:
    sums: dict[str, Money] = {}
    for inv in invoices:
        sums[inv.customer] = sums.get(inv.customer, Money(0, inv.currency)) + inv.net
    return sorted(sums.items(), key=lambda kv: (-kv[1].cents, kv[0]))[:n]
