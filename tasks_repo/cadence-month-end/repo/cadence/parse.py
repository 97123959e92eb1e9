"""Rules written as short English phrases, e.g. 'every 2 weeks on mon, thu until 2024-06-30'."""

from __future__ import annotations

import re
from datetime import date

from .dates import weekday_number
from .rule import Rule

ADVERBS = {"daily": "daily", "weekly": "weekly", "monthly": "monthly", "yearly": "yearly", "annually": "yearly"}
UNITS = {"day": "daily", "week": "weekly", "month": "monthly", "year": "yearly"}
PATTERN = re.compile(
    r"^(?:(?P<adverb>\w+ly)|every\s+(?:(?P<n>\d+)\s+)?(?P<unit>day|week|month|year)s?)"
    r"(?:\s+on\s+(?P<days>[a-z ,]+?))?"
    r"(?:\s+(?:x\s*|for\s+)(?P<count>\d+)(?:\s+times)?)?"
    r"(?:\s+until\s+(?P<until>\d{4}-\d{2}-\d{2}))?$"
)


def parse_rule(text: str) -> Rule:
    """The rule a phrase describes; ValueError naming the phrase when it is not understood."""
    match = PATTERN.match(" ".join(text.lower().split()))
    if not match:
        raise ValueError(f"cannot read the rule {text!r}; try e.g. 'every 2 weeks on mon, thu x 6'")
    if match["adverb"]:
        if match["adverb"] not in ADVERBS:
            raise ValueError(f"cannot read the rule {text!r}: unknown frequency {match['adverb']!r}")
        freq = ADVERBS[match["adverb"]]
    else:
        freq = UNITS[match["unit"]]
    days = tuple(weekday_number(d) for d in re.split(r"[ ,]+|\band\b", match["days"] or "") if d.strip())
    return Rule(
        freq=freq,
        interval=int(match["n"] or 1),
        weekdays=days,
        count=int(match["count"]) if match["count"] else None,
        until=date.fromisoformat(match["until"]) if match["until"] else None,
    )
