from notifykit import Message
from notifykit.outbox import Outbox
from notifykit.sms import SmsChannel

BOOK = {"dee": {"sms": "+4917000000"}}


def channel():
    return SmsChannel(Outbox(), BOOK)


def test_exactly_160_ends_with_ellipsis():
    text = channel().render(Message("dee", "S", "word " * 60, "high"))
    assert len(text) == 160 and text.endswith("...") and text.startswith("[HIGH] S: word")


def test_short_sms_unchanged_and_flattened():
    assert channel().render(Message("dee", "Hi", "line one\nline  two")) == "Hi: line one line two"


def test_low_priority_sms_has_no_subject_or_tag():
    assert channel().render(Message("dee", "Hi", "just so you know", "low")) == "just so you know"


def test_deliver_puts_the_rendered_text_in_the_outbox():
    ch = channel()
    ch.deliver(Message("dee", "Alarm", "smoke\nin lab", "urgent"))
    assert ch.outbox.for_channel("sms")[0].text == "[URGENT] Alarm: smoke in lab"
