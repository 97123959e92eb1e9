"""Tab-separated values: CSV with a tab as delimiter."""

from __future__ import annotations

from collections.abc import Sequence

from .delimited import CsvExporter


class TsvExporter(CsvExporter, format_name="tsv"):
    def __init__(self, fields: Sequence[str], missing: str = "") -> None:
        super().__init__(fields, "\t", missing)
