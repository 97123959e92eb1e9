import pytest

from notifykit import Message, Router
from notifykit.throttle import Throttle

PEOPLE = {"ana": {"email": "ana@example.org", "push": "dev-ana"}, "bo": {"email": "bo@example.org"}}


def test_normal_goes_by_push_first():
    (sent,) = Router(PEOPLE).send(Message("ana", "Build", "green"))
    assert (sent.channel, sent.text) == ("push", "Build - green")


def test_email_has_subject_signature_and_tag():
    (sent,) = Router(PEOPLE).send(Message("bo", "Disk", "almost full", "high"))
    assert sent.channel == "email"
    assert sent.text.startswith("[HIGH] Subject: Disk\n\nalmost full")
    assert sent.text.endswith("sent by notifykit")


def test_push_is_cut_to_120_characters():
    (sent,) = Router(PEOPLE).send(Message("ana", "Log", "x " * 100))
    assert len(sent.text) == 120 and sent.text.endswith("...")


def test_throttle_lets_urgent_through():
    router = Router(PEOPLE, Throttle(limit=1))
    assert router.send(Message("bo", "a", "b"), now=0)
    assert router.send(Message("bo", "a", "b"), now=1) == []
    assert router.send(Message("bo", "a", "b", "urgent"), now=2)


def test_unknown_priority():
    with pytest.raises(ValueError):
        Message("ana", "s", "b", "meh")
