"""Export records in a named format, or to a file whose extension names the format."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import delimited, jsonl, markdown, tsv  # noqa: F401  (the built-in formats register themselves)
from .base import Record
from .fields import infer_fields
from .registry import exporter_class, format_for_extension


def export_records(records: Sequence[Record], fmt: str, fields: Sequence[str] | None = None,
                   **options: Any) -> str:
    """The records as a document in format ``fmt``; ``options`` go to the exporter (e.g. missing='-')."""
    exporter = exporter_class(fmt)(list(fields) if fields else infer_fields(records), **options)
    return exporter.export(records)


def write_records(path: str | Path, records: Sequence[Record], fields: Sequence[str] | None = None,
                  **options: Any) -> Path:
    """Write the records to ``path`` in the format its extension names; returns the path."""
    path = Path(path)
    text = export_records(records, format_for_extension(path.suffix), fields, **options)
    path.write_text(text, encoding="utf-8")
    return path
