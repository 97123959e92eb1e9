"""Servicing: which vehicles are due soon, and booking a service."""

from __future__ import annotations

from collections.abc import Iterable

from .vehicles import Vehicle


def due_for_service(vehicles: Iterable[Vehicle], within_km: int = 1_000) -> list[tuple[str, int]]:
    """(plate, km left) of vehicles due within ``within_km``, most urgent first."""
    due = [(v.plate, v.km_to_service()) for v in vehicles if v.km_to_service() <= within_km]
    return sorted(due, key=lambda item: (item[1], item[0]))


def record_service(vehicle: Vehicle) -> None:
    """A service done today resets the interval from the current odometer reading."""
    vehicle.last_service_km = vehicle.odometer_km
