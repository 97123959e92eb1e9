import pytest

from eventhub.bus import EventBus
from eventhub.events import Event
from eventhub.mailer import MailHandler


def test_event_names_are_checked():
    assert Event("order.paid").topic == "order"
    with pytest.raises(ValueError):
        Event("Paid")


def test_mail_handler_alone():
    bus = EventBus()
    mail = bus.register(MailHandler())
    assert bus.publish(Event("user.created", {"email": "a@b.org"})) == ["mail to a@b.org: Welcome!"]
    assert mail.queue == [("a@b.org", "Welcome!")]


def test_dead_letters():
    bus = EventBus()
    assert bus.publish(Event("cart.abandoned")) == []
    assert [e.name for e in bus.dead_letters] == ["cart.abandoned"]
