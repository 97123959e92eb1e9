from eventhub.app import build_bus
from eventhub.audit import AuditHandler, StrictAuditHandler
from eventhub.billing import InvoiceHandler
from eventhub.events import Event
from eventhub.handlers import Handler
from eventhub.mailer import MailHandler


def test_each_class_has_its_own_subscriptions():
    assert sorted(MailHandler.subscriptions) == ["order.paid", "user.created"]
    assert sorted(InvoiceHandler.subscriptions) == ["order.paid", "order.refunded"]
    assert Handler.subscriptions == []


def test_subclass_inherits_and_adds():
    assert sorted(StrictAuditHandler.subscriptions) == ["order.refunded", "user.created", "user.deleted"]
    assert "order.refunded" not in AuditHandler.subscriptions


def test_refund_routing_with_strict_audit():
    bus = build_bus(strict_audit=True)
    notes = bus.publish(Event("order.refunded", {"order": 12, "amount": 5.0}))
    assert notes == ["CN-12 for 5.00", "audit: order.refunded (amount, order)"]
    assert build_bus().receivers("order.refunded") == ["InvoiceHandler"]


def test_deleted_user_only_audited():
    assert build_bus().receivers("user.deleted") == ["AuditHandler"]
