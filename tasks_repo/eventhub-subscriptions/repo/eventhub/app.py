"""The shop's wiring: one bus with every handler."""

from __future__ import annotations

from .audit import AuditHandler, StrictAuditHandler
from .billing import InvoiceHandler
from .bus import EventBus
from .mailer import MailHandler


def build_bus(strict_audit: bool = False) -> EventBus:
    bus = EventBus()
    bus.register(MailHandler())
    bus.register(InvoiceHandler())
    bus.register(StrictAuditHandler() if strict_audit else AuditHandler())
    return bus
