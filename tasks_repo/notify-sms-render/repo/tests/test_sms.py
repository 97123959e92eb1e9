from notifykit import Message, Router

PEOPLE = {"cy": {"sms": "+4915100000", "email": "cy@example.org"}}


def test_urgent_sms_is_tagged():
    sent = Router(PEOPLE).send(Message("cy", "Pager", "db01 down", "urgent"))
    assert [s.channel for s in sent] == ["sms", "email"]
    assert sent[0].text == "[URGENT] Pager: db01 down"


def test_long_sms_fits_one_segment():
    (sent,) = Router(PEOPLE).send(Message("cy", "Report", "all services nominal. " * 12, "high"))
    assert len(sent.text) <= 160
    assert sent.text.startswith("[HIGH] Report: all services nominal.")
