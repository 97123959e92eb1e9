"""ledgerly: small invoicing for freelancers (money, line items, discounts, tax, reports)."""

from .invoice import Invoice
from .items import LineItem
from .money import Money

__all__ = ["Invoice", "LineItem", "Money"]
