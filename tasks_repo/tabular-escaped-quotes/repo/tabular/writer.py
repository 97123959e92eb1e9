"""Tables back to CSV text, quoting only where needed."""

from __future__ import annotations

from .table import Table


def quote(field: str, sep: str = ",") -> str:
    if any(ch in field for ch in (sep, '"', "\n")) or field != field.strip():
        return '"' + field.replace('"', '""') + '"'
    return field


def write_table(table: Table, sep: str = ",") -> str:
    lines = [sep.join(quote(h, sep) for h in table.header)]
    lines += [sep.join(quote(f, sep) for f in row) for row in table.rows]
    return "\n".join(lines) + "\n"
