"""Comma-separated values, quoted the way spreadsheets read them."""

from __future__ import annotations

from collections.abc import Sequence

from .base import Exporter


class CsvExporter(Exporter, format_name="csv"):
    """Cells holding the delimiter, the quote or a line break are quoted; quotes inside are doubled."""

    def __init__(self, fields: Sequence[str], delimiter: str = ",", quote: str = '"', missing: str = "") -> None:
        super().__init__(fields, missing)
        if len(delimiter) != 1:
            raise ValueError(f"the delimiter must be one character, got {delimiter!r}")
        self.delimiter, self.quote = delimiter, quote

    def quoted(self, text: str) -> str:
        if any(c in text for c in (self.delimiter, self.quote, "\n", "\r")):
            return self.quote + text.replace(self.quote, self.quote * 2) + self.quote
        return text

    def header(self) -> list[str]:
        return [self.row(self.fields)]

    def row(self, cells: list[str]) -> str:
        return self.delimiter.join(self.quoted(c) for c in cells)
