"""Which fields to export when the caller does not say."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .base import Record


def infer_fields(records: Iterable[Record]) -> list[str]:
    """Every key, in the order first seen."""
    seen: dict[str, None] = {}
    for record in records:
        seen.update(dict.fromkeys(record))
    return list(seen)


def parse_fields(spec: str, known: Sequence[str]) -> list[str]:
    """'name, amount' -> ['name', 'amount']; every field must be one of ``known``."""
    fields = [f.strip() for f in spec.split(",") if f.strip()]
    unknown = [f for f in fields if f not in known]
    if unknown:
        raise ValueError(f"unknown fields {unknown} (the records have: {', '.join(known)})")
    return fields
