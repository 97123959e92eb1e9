"""Refrigerated vans: carry chilled and frozen goods; the cooling unit takes part of the payload."""

from __future__ import annotations

from typing import Any

from .loads import Load
from .vehicles import Van


class RefrigeratedVan(Van):
    kind = "reefer-van"
    refrigerated = True
    cost_per_km = 0.34

    def __init__(self, plate: str, *, min_temp_c: float = -20.0, payload_kg: int = 1_000, **options: Any) -> None:
        if min_temp_c > 8:
            raise ValueError(f"{plate}: a refrigerated van must cool to 8 °C or below, min_temp_c={min_temp_c}")
        super().__init__(plate, **options)
        self.min_temp_c = min_temp_c

    def accepts(self, load: Load) -> bool:
        """Chilled loads only down to the coldest temperature the unit can hold."""
        return super().accepts(load) and (load.temp_c is None or load.temp_c >= self.min_temp_c)
