"""Trip costs: kilometres, driver time including stops, and tolls for trucks."""

from __future__ import annotations

from .vehicles import Truck, Vehicle

AVERAGE_KMH = 60.0


def trip_hours(vehicle: Vehicle, km: int) -> float:
    return km / AVERAGE_KMH + vehicle.extra_hours(km)


def trip_cost(vehicle: Vehicle, km: int, driver_rate: float = 24.0) -> float:
    """Cost of a trip in EUR, rounded to the cent."""
    if km < 0:
        raise ValueError(f"a trip cannot be {km} km long")
    cost = km * vehicle.cost_per_km + trip_hours(vehicle, km) * driver_rate
    if isinstance(vehicle, Truck):
        cost += km * vehicle.toll_per_axle_km * vehicle.axles
    return round(cost, 2)


def cheapest(vehicles: list[Vehicle], km: int) -> Vehicle:
    """The vehicle with the lowest cost for the trip (ties: by plate)."""
    if not vehicles:
        raise ValueError("no vehicles to choose from")
    return min(vehicles, key=lambda v: (trip_cost(v, km), v.plate))
