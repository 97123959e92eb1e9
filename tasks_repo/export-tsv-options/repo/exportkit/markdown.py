"""Markdown tables (GitHub flavour): numbers right-aligned, pipes escaped."""

from __future__ import annotations

from collections.abc import Iterable

from .base import Exporter, Record


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


class MarkdownExporter(Exporter, format_name="markdown", extension=".md"):
    def __init__(self, fields: list[str], missing: str = "") -> None:
        super().__init__(fields, missing)
        self._numeric = [True] * len(fields)

    def cell(self, value: object) -> str:
        return super().cell(value).replace("|", "\\|").replace("\n", " ")

    def export(self, records: Iterable[Record]) -> str:
        rows = [self.cells(r) for r in records]
        self._numeric = [bool(rows) and all(_is_number(row[i]) or row[i] == self.missing for row in rows)
                         for i in range(len(self.fields))]
        lines = [*self.header(), *(self.row(cells) for cells in rows)]
        return "".join(line + "\n" for line in lines)

    def header(self) -> list[str]:
        rule = ["---:" if numeric else "---" for numeric in self._numeric]
        return [self.row(self.fields), self.row(rule)]

    def row(self, cells: list[str]) -> str:
        return "| " + " | ".join(cells) + " |"
