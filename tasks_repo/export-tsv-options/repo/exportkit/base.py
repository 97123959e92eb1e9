"""The exporter base class: field selection, missing values, and the header/rows/footer frame."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import registry
from .values import text_of

Record = Mapping[str, Any]


class Exporter:
    """Subclasses register under a format name: ``class X(Exporter, format_name="x", extension=".x")``."""

    def __init_subclass__(cls, format_name: str | None = None, extension: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if format_name:
            registry.register(format_name, cls, extension or f".{format_name}")

    def __init__(self, fields: Sequence[str], missing: str = "") -> None:
        if not fields:
            raise ValueError("an export needs at least one field")
        if len(set(fields)) != len(fields):
            raise ValueError(f"fields repeat: {list(fields)}")
        self.fields = list(fields)
        self.missing = missing

    def cell(self, value: Any) -> str:
        return text_of(value, self.missing)

    def cells(self, record: Record) -> list[str]:
        return [self.cell(record.get(field)) for field in self.fields]

    def header(self) -> list[str]:
        return []

    def row(self, cells: list[str]) -> str:
        raise NotImplementedError

    def footer(self) -> list[str]:
        return []

    def export(self, records: Iterable[Record]) -> str:
        """The whole document; every line ends with a newline."""
        lines = [*self.header(), *(self.row(self.cells(r)) for r in records), *self.footer()]
        return "".join(line + "\n" for line in lines)
