"""Per-column summaries: count, distinct values, min/max/mean of numbers."""

from __future__ import annotations

from .table import Table
from .types import guess, to_value


def describe(table: Table) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for name in table.header:
        raw = table.column(name)
        kind = guess(raw)
        values = [to_value(v, kind) for v in raw]
        present = [v for v in values if v is not None]
        info: dict[str, object] = {"kind": kind, "count": len(present), "distinct": len(set(present))}
        if kind in ("int", "float") and present:
            info.update(min=min(present), max=max(present), mean=round(sum(present) / len(present), 3))
        out[name] = info
    return out


def group_count(table: Table, column: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in table.column(column):
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
