import pytest

from jobq.durations import format_duration, parse_duration


def test_units():
    assert parse_duration("500ms") == 0.5
    assert parse_duration("30s") == 30
    assert parse_duration("2m") == 120
    assert parse_duration(" 1.5h ") == 5400


def test_bad_durations():
    for text in ("", "ten", "5 days", "-3s"):
        with pytest.raises(ValueError):
            parse_duration(text)


def test_format():
    assert [format_duration(s) for s in (0.25, 30, 90, 7200)] == ["250ms", "30s", "1.5m", "2h"]
