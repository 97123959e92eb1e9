"""A table: column names and rows of strings (typed on demand)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)

    def index(self, column: str) -> int:
        try:
            return self.header.index(column)
        except ValueError:
            raise KeyError(f"no column {column!r} (columns: {', '.join(self.header)})") from None

    def column(self, name: str) -> list[str]:
        i = self.index(name)
        return [row[i] for row in self.rows]

    def records(self) -> list[dict[str, str]]:
        return [dict(zip(self.header, row)) for row in self.rows]

    def __len__(self) -> int:
        return len(self.rows)
