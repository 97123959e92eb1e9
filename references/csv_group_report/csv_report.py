"""Group records and render fixed-width summary tables."""

from __future__ import annotations

from csv_reader import read_records


def group_summary(records: list[dict], by: str, value: str) -> list[dict]:
    groups: dict[object, list] = {}
    for rec in records:
        groups.setdefault(rec[by], [])
        if rec[value] is not None:
            groups[rec[by]].append(rec[value])
    out = []
    for key in sorted(groups):
        vals = groups[key]
        total = sum(vals)
        out.append({
            "group": key, "count": len(vals), "sum": total,
            "min": min(vals) if vals else None, "max": max(vals) if vals else None,
            "mean": round(total / len(vals), 2) if vals else None,
        })
    return out


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def format_table(rows: list[dict], columns: list[str]) -> str:
    cells = [[_cell(row.get(c)) for c in columns] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)), "  ".join("-" * w for w in widths)]
    for row, texts in zip(rows, cells):
        parts = []
        for col, text, width in zip(columns, texts, widths):
            numeric = isinstance(row.get(col), (int, float))
            parts.append(text.rjust(width) if numeric else text.ljust(width))
        lines.append("  ".join(parts))
    return "".join(line.rstrip() + "\n" for line in lines)


def report(text: str, by: str, value: str, types: dict[str, str] | None = None) -> str:
    columns = ["group", "count", "sum", "min", "max", "mean"]
    return format_table(group_summary(read_records(text, types), by, value), columns)
