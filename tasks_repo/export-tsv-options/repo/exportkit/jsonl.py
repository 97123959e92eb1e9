"""JSON Lines: one JSON object per record, keeping numbers, booleans and nulls as JSON values."""

from __future__ import annotations

import json
from typing import Any

from .base import Exporter, Record
from .values import json_value


class JsonLinesExporter(Exporter, format_name="jsonl"):
    def cells(self, record: Record) -> list[Any]:  # type: ignore[override]
        return [json_value(record.get(field)) for field in self.fields]

    def row(self, cells: list[Any]) -> str:  # type: ignore[override]
        return json.dumps(dict(zip(self.fields, cells)), ensure_ascii=False)
