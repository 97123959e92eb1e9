from datetime import date

import pytest

from cadence import Rule, parse_rule
from cadence.describe import describe


def test_phrases():
    assert parse_rule("Daily") == Rule("daily")
    assert parse_rule("every 2 weeks on mon, thu x 6") == Rule("weekly", 2, (0, 3), count=6)
    assert parse_rule("every week on tue and fri until 2024-06-30") == Rule(
        "weekly", weekdays=(1, 4), until=date(2024, 6, 30))
    assert parse_rule("annually for 3 times") == Rule("yearly", count=3)


def test_unknown_phrase_is_named():
    with pytest.raises(ValueError, match="fortnightly"):
        parse_rule("fortnightly")
    with pytest.raises(ValueError, match="every blue moon"):
        parse_rule("every blue moon")


def test_rule_checks():
    with pytest.raises(ValueError, match="interval"):
        Rule("daily", interval=0)
    with pytest.raises(ValueError, match="weekly"):
        Rule("monthly", weekdays=(1,))


def test_describe():
    assert describe(parse_rule("every 2 weeks on thu, mon x 6")) == "every 2 weeks on Monday and Thursday, 6 times"
    assert describe(Rule("monthly", until=date(2024, 12, 31))) == "every month, until 31 December 2024"
    assert describe(Rule("yearly", count=1)) == "every year, once"
