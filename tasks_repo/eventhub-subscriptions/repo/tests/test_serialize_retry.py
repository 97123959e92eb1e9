import pytest

from eventhub.events import Event
from eventhub.handlers import Handler
from eventhub.retry import RetryPolicy, deliver
from eventhub.serialize import dumps, loads, replay


def test_json_round_trip():
    event = Event("order.paid", {"order": 3, "amount": 9.5})
    assert loads(dumps(event)) == event
    assert [e.name for e in replay([dumps(event), "", dumps(Event("user.created"))])] == ["order.paid", "user.created"]
    with pytest.raises(ValueError):
        loads('{"payload": {}}')


class Flaky(Handler):
    def __init__(self, failures):
        self.failures = failures

    def handle(self, event):
        if self.failures:
            self.failures -= 1
            raise RuntimeError("busy")
        return "ok"


def test_retry_with_backoff():
    slept = []
    outcome = deliver(Flaky(2), Event("order.paid"), RetryPolicy(), slept.append)
    assert (outcome.note, outcome.tries, slept) == ("ok", 3, [0.5, 1.0])
    failed = deliver(Flaky(5), Event("order.paid"), RetryPolicy(attempts=2))
    assert failed.note is None and failed.errors == ["RuntimeError: busy"] * 2
