"""The vehicle base class and the two body types, vans and trucks."""

from __future__ import annotations

from typing import Any

from .loads import Load


class Vehicle:
    """A vehicle of the fleet: where it is based, what it may carry, when it needs servicing."""

    kind = "vehicle"
    refrigerated = False
    cost_per_km = 0.30

    def __init__(self, plate: str, *, payload_kg: int, depot: str = "central", odometer_km: int = 0,
                 service_interval_km: int = 30_000, last_service_km: int = 0) -> None:
        if payload_kg <= 0:
            raise ValueError(f"{plate}: payload_kg must be positive, got {payload_kg}")
        if not 0 <= last_service_km <= odometer_km:
            raise ValueError(f"{plate}: last_service_km must lie between 0 and the odometer ({odometer_km})")
        self.plate, self.depot, self.payload_kg = plate, depot, payload_kg
        self.odometer_km, self.last_service_km = odometer_km, last_service_km
        self.service_interval_km = service_interval_km

    def accepts(self, load: Load) -> bool:
        """Whether this vehicle may carry the load at all (room is the planner's business)."""
        return not load.chilled or self.refrigerated

    def drive(self, km: int) -> None:
        if km < 0:
            raise ValueError(f"{self.plate}: cannot drive {km} km")
        self.odometer_km += km

    def km_to_service(self) -> int:
        """Kilometres left until the next service (negative when overdue)."""
        return self.last_service_km + self.service_interval_km - self.odometer_km

    def extra_hours(self, km: int) -> float:
        """Driver time a trip of ``km`` needs beyond driving (charging, rest stops)."""
        return 0.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.plate!r}, payload_kg={self.payload_kg}, depot={self.depot!r})"


class Van(Vehicle):
    kind = "van"
    cost_per_km = 0.28

    def __init__(self, plate: str, *, payload_kg: int = 1_200, **options: Any) -> None:
        super().__init__(plate, payload_kg=payload_kg, **options)


class Truck(Vehicle):
    """Trucks pay road tolls by axle and are serviced more often."""

    kind = "truck"
    cost_per_km = 0.65
    toll_per_axle_km = 0.09

    def __init__(self, plate: str, *, payload_kg: int = 7_500, axles: int = 2,
                 service_interval_km: int = 20_000, **options: Any) -> None:
        if axles not in (2, 3, 4):
            raise ValueError(f"{plate}: a truck has 2, 3 or 4 axles, not {axles}")
        super().__init__(plate, payload_kg=payload_kg, service_interval_km=service_interval_km, **options)
        self.axles = axles

    def extra_hours(self, km: int) -> float:
        """A 45-minute break per full 4.5 hours at 80 km/h (360 km)."""
        return 0.75 * (km // 360)
