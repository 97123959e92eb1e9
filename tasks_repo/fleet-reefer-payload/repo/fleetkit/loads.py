"""Loads to deliver: weight, origin depot and, for chilled goods, the temperature they need."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Load:
    """One consignment; ``temp_c`` is None for goods that travel at ambient temperature."""

    id: str
    weight_kg: int
    depot: str = "central"
    temp_c: float | None = None

    def __post_init__(self) -> None:
        if self.weight_kg <= 0:
            raise ValueError(f"load {self.id}: weight_kg must be positive, got {self.weight_kg}")

    @property
    def chilled(self) -> bool:
        return self.temp_c is not None


def parse_load(record: dict[str, Any]) -> Load:
    """A load from a manifest record: {'id', 'weight_kg', optional 'depot' and 'temp_c'}."""
    unknown = set(record) - {"id", "weight_kg", "depot", "temp_c"}
    if unknown:
        raise ValueError(f"load {record.get('id', '?')}: unknown field(s) {', '.join(sorted(unknown))}")
    try:
        return Load(str(record["id"]), int(record["weight_kg"]), str(record.get("depot", "central")),
                    None if record.get("temp_c") is None else float(record["temp_c"]))
    except KeyError as missing:
        raise ValueError(f"load {record.get('id', '?')}: missing field {missing}") from None
