"""The audit log: security-relevant events with their payload keys."""

from __future__ import annotations

from .events import Event
from .handlers import Handler


class AuditHandler(Handler):
    def __init__(self) -> None:
        self.lines: list[str] = []

    def handle(self, event: Event) -> str:
        line = f"{event.name} ({', '.join(sorted(event.payload))})"
        self.lines.append(line)
        return "audit: " + line


class StrictAuditHandler(AuditHandler):
    """Also audits refunds."""


AuditHandler.listens_to("user.created", "user.deleted")
StrictAuditHandler.listens_to("order.refunded")
