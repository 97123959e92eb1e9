"""The fleet: vehicles by plate, built from the records of the fleet file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .electric import ElectricVan
from .refrigerated import RefrigeratedVan
from .vehicles import Truck, Van, Vehicle

TYPES: dict[str, type[Vehicle]] = {"van": Van, "truck": Truck, "e-van": ElectricVan, "reefer-van": RefrigeratedVan}


class FleetError(ValueError):
    """A fleet file record that cannot be turned into a vehicle."""


class Fleet:
    def __init__(self, vehicles: list[Vehicle] | None = None) -> None:
        self._vehicles: dict[str, Vehicle] = {}
        for vehicle in vehicles or []:
            self.add(vehicle)

    def add(self, vehicle: Vehicle) -> None:
        if vehicle.plate in self._vehicles:
            raise FleetError(f"plate {vehicle.plate} is registered twice")
        self._vehicles[vehicle.plate] = vehicle

    def __getitem__(self, plate: str) -> Vehicle:
        return self._vehicles[plate]

    def __iter__(self) -> Iterator[Vehicle]:
        return iter(sorted(self._vehicles.values(), key=lambda v: v.plate))

    def __len__(self) -> int:
        return len(self._vehicles)

    def at(self, depot: str) -> list[Vehicle]:
        return [v for v in self if v.depot == depot]


def build_vehicle(record: dict[str, Any], where: str = "record") -> Vehicle:
    """A vehicle from {'plate', 'type', options...}; errors name the record and the field."""
    options = dict(record)
    plate, kind = options.pop("plate", None), options.pop("type", None)
    if not isinstance(plate, str) or not plate:
        raise FleetError(f"{where}: 'plate' must be a non-empty string")
    if kind not in TYPES:
        raise FleetError(f"{where} ({plate}): 'type' must be one of {', '.join(TYPES)}, got {kind!r}")
    try:
        return TYPES[kind](plate, **options)
    except TypeError as err:
        raise FleetError(f"{where} ({plate}): {err}") from None
    except ValueError as err:
        raise FleetError(f"{where}: {err}") from None


def parse_fleet(text: str) -> Fleet:
    """The fleet of a JSON fleet file: a list of vehicle records."""
    records = json.loads(text)
    if not isinstance(records, list):
        raise FleetError("the fleet file must hold a JSON list of vehicles")
    return Fleet([build_vehicle(r, f"vehicle {i}") for i, r in enumerate(records)])
