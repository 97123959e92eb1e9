from eventhub.app import build_bus
from eventhub.events import Event


def test_new_user_goes_to_mail_and_audit_only():
    bus = build_bus()
    notes = bus.publish(Event("user.created", {"email": "kim@example.org", "id": 7}))
    assert notes == ["mail to kim@example.org: Welcome!", "audit: user.created (email, id)"]


def test_paid_order_is_not_audited():
    assert build_bus().receivers("order.paid") == ["MailHandler", "InvoiceHandler"]
