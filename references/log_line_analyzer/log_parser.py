"""Parse log lines into records, with continuation lines and key=value fields."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_LINE = re.compile(r"^(\S+) (\S+) \[([^\s\[\]]+)\](?: (.*))?$")
_FIELD = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.+)$")


class LogParseError(ValueError):
    """A malformed log line; ``line`` is its number (0 if parsed alone)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclass
class LogRecord:
    """One log event."""

    timestamp: datetime
    level: str
    component: str
    message: str
    fields: dict = field(default_factory=dict)


def parse_line(line: str) -> LogRecord:
    m = _LINE.match(line.rstrip())
    if not m:
        raise LogParseError(0, f"malformed line {line!r}")
    stamp, level, component, message = m.groups()
    try:
        timestamp = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        raise LogParseError(0, f"bad timestamp {stamp!r}") from None
    level = level.upper()
    level = "WARNING" if level == "WARN" else level
    if level not in LEVELS:
        raise LogParseError(0, f"unknown level {level!r}")
    message = message or ""
    fields = {}
    for token in message.split():
        fm = _FIELD.match(token)
        if fm:
            fields[fm.group(1)] = fm.group(2)
    return LogRecord(timestamp, level, component, message, fields)


def parse_log(text: str, strict: bool = False) -> tuple[list[LogRecord], list[int]]:
    records: list[LogRecord] = []
    bad: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            if line[0] in " \t":
                if not records:
                    raise LogParseError(number, "continuation without a record")
                records[-1].message += "\n" + line.strip()
                continue
            records.append(parse_line(line))
        except LogParseError as exc:
            if strict:
                raise LogParseError(number, str(exc)) from None
            bad.append(number)
    return records, bad
