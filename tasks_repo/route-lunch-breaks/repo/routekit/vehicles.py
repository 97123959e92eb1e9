"""Vans and what they carry: parcels by weight and volume."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Parcel:
    ref: str
    kg: float
    litres: float


@dataclass(frozen=True)
class Van:
    plate: str
    max_kg: float = 800.0
    max_litres: float = 6000.0

    def fits(self, parcels: list[Parcel]) -> bool:
        return sum(p.kg for p in parcels) <= self.max_kg and sum(p.litres for p in parcels) <= self.max_litres


def split_loads(parcels: list[Parcel], van: Van) -> list[list[Parcel]]:
    """First-fit by decreasing weight: as few van loads as this simple rule finds."""
    loads: list[list[Parcel]] = []
    for parcel in sorted(parcels, key=lambda p: (-p.kg, p.ref)):
        if not van.fits([parcel]):
            raise ValueError(f"parcel {parcel.ref} does not fit in van {van.plate}")
        for load in loads:
            if van.fits(load + [parcel]):
                load.append(parcel)
                break
        else:
            loads.append([parcel])
    return loads
