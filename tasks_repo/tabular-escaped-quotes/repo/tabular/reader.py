"""CSV lines to fields: commas separate, double quotes protect commas, "" is a literal quote."""

from __future__ import annotations

from .table import Table


class CsvError(ValueError):
    """A line that is not valid CSV."""


def split_line(line: str, sep: str = ",") -> list[str]:
    fields: list[str] = []
    current: list[str] = []
    quoted = False
    i = 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == '"':
                quoted = False
            else:
                current.append(ch)
        elif ch == '"':
            quoted = True
        elif ch == sep:
            fields.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    if quoted:
        raise CsvError(f"unclosed quote in {line!r}")
    fields.append("".join(current))
    return fields


def read_table(text: str, sep: str = ",") -> Table:
    """The first non-empty line is the header; every row must have as many fields."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise CsvError("no header line")
    header = [h.strip() for h in split_line(lines[0], sep)]
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        fields = split_line(line, sep)
        if len(fields) != len(header):
            raise CsvError(f"line {number}: {len(fields)} fields, the header has {len(header)}")
        rows.append(fields)
    return Table(header, rows)
