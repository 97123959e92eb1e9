"""Rules in plain English for the event view, e.g. 'every 2 weeks on Monday and Thursday, 6 times'."""

from __future__ import annotations

from .dates import WEEKDAY_NAMES
from .rule import Rule

SINGULAR = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}


def join_words(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def describe(rule: Rule) -> str:
    unit = SINGULAR[rule.freq]
    text = f"every {unit}" if rule.interval == 1 else f"every {rule.interval} {unit}s"
    if rule.weekdays:
        text += " on " + join_words([WEEKDAY_NAMES[d] for d in rule.weekdays])
    if rule.count is not None:
        text += ", once" if rule.count == 1 else f", {rule.count} times"
    if rule.until is not None:
        text += f", until {rule.until:%d %B %Y}"
    return text
