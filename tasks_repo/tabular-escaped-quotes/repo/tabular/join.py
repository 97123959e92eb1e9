"""Joining two tables on a key column (inner or left join)."""

from __future__ import annotations

from .table import Table


def join(left: Table, right: Table, key: str, how: str = "inner") -> Table:
    if how not in ("inner", "left"):
        raise ValueError(f"how must be 'inner' or 'left', got {how!r}")
    li, ri = left.index(key), right.index(key)
    extra = [h for h in right.header if h != key]
    lookup: dict[str, list[list[str]]] = {}
    for row in right.rows:
        lookup.setdefault(row[ri], []).append([v for j, v in enumerate(row) if j != ri])
    rows = []
    for row in left.rows:
        matches = lookup.get(row[li], [])
        if matches:
            rows.extend(row + m for m in matches)
        elif how == "left":
            rows.append(row + [""] * len(extra))
    return Table(left.header + extra, rows)
