"""Electric vans: lighter payload (the battery), cheap kilometres, charging stops on long trips."""

from __future__ import annotations

import math
from typing import Any

from .vehicles import Van


class ElectricVan(Van):
    kind = "e-van"
    cost_per_km = 0.12
    charge_hours = 0.5

    def __init__(self, plate: str, *, range_km: int = 220, payload_kg: int = 900, **options: Any) -> None:
        if range_km <= 0:
            raise ValueError(f"{plate}: range_km must be positive, got {range_km}")
        super().__init__(plate, payload_kg=payload_kg, **options)
        self.range_km = range_km

    def charging_stops(self, km: int) -> int:
        return max(0, math.ceil(km / self.range_km) - 1)

    def extra_hours(self, km: int) -> float:
        return self.charging_stops(km) * self.charge_hours
