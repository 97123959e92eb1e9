"""Export to iCalendar (RFC 5545): one VEVENT per event, the rule as an RRULE line."""

from __future__ import annotations

from .dates import WEEKDAYS
from .event import Event
from .rule import Rule


def rrule(rule: Rule) -> str:
    parts = [f"FREQ={rule.freq.upper()}"]
    if rule.interval != 1:
        parts.append(f"INTERVAL={rule.interval}")
    if rule.weekdays:
        parts.append("BYDAY=" + ",".join(WEEKDAYS[d][:2].upper() for d in rule.weekdays))
    if rule.count is not None:
        parts.append(f"COUNT={rule.count}")
    if rule.until is not None:
        parts.append(f"UNTIL={rule.until:%Y%m%d}")
    return "RRULE:" + ";".join(parts)


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def to_ics(events: list[Event], calendar_name: str = "cadence") -> str:
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//{calendar_name}//EN"]
    for i, event in enumerate(events, 1):
        lines += ["BEGIN:VEVENT", f"UID:{i}@{calendar_name}", f"SUMMARY:{escape(event.title)}",
                  f"DTSTART;VALUE=DATE:{event.start:%Y%m%d}"]
        if event.rule:
            lines.append(rrule(event.rule))
        lines += [f"EXDATE;VALUE=DATE:{d:%Y%m%d}" for d in sorted(event.cancelled)]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"
