"""Filter and summarise parsed log records."""

from __future__ import annotations

from log_parser import LEVELS, LogRecord


def _rank(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return LEVELS.index(level)


def filter_records(records: list[LogRecord], min_level: str | None = None, component: str | None = None,
                   since=None, until=None) -> list[LogRecord]:
    floor = _rank(min_level) if min_level is not None else 0
    out = []
    for rec in records:
        if _rank(rec.level) < floor:
            continue
        if component is not None and rec.component != component and not rec.component.startswith(component + "."):
            continue
        if since is not None and rec.timestamp < since:
            continue
        if until is not None and rec.timestamp >= until:
            continue
        out.append(rec)
    return out


def level_counts(records: list[LogRecord]) -> dict[str, int]:
    counts = {level: 0 for level in LEVELS}
    for rec in records:
        counts[rec.level] += 1
    return counts


def per_minute(records: list[LogRecord]) -> list[tuple[str, int, int]]:
    buckets: dict[str, list[int]] = {}
    for rec in records:
        key = rec.timestamp.strftime("%Y-%m-%dT%H:%M")
        slot = buckets.setdefault(key, [0, 0])
        slot[0] += 1
        slot[1] += rec.level in ("ERROR", "CRITICAL")
    return [(k, v[0], v[1]) for k, v in sorted(buckets.items())]


def top_components(records: list[LogRecord], n: int, min_level: str = "ERROR") -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for rec in filter_records(records, min_level=min_level):
        counts[rec.component] = counts.get(rec.component, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
