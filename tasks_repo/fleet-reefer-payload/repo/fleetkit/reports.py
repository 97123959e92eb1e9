"""Depot reports: capacity per depot and how full each vehicle leaves."""

from __future__ import annotations

from collections import defaultdict

from .dispatch import Plan
from .registry import Fleet


def capacity_by_depot(fleet: Fleet, chilled_only: bool = False) -> dict[str, int]:
    """Total payload in kg per depot (only refrigerated vehicles with ``chilled_only``)."""
    totals: dict[str, int] = defaultdict(int)
    for vehicle in fleet:
        if vehicle.refrigerated or not chilled_only:
            totals[vehicle.depot] += vehicle.payload_kg
    return dict(sorted(totals.items()))


def utilisation(fleet: Fleet, plan: Plan) -> list[str]:
    """One line per vehicle: plate, type, loaded/payload kg and the percentage."""
    lines = []
    for vehicle in fleet:
        loaded = plan.load_kg(vehicle.plate)
        share = round(100 * loaded / vehicle.payload_kg)
        lines.append(f"{vehicle.plate:<8} {vehicle.kind:<11} {loaded:>5}/{vehicle.payload_kg} kg {share:>3}%")
    if plan.unassigned:
        lines.append("unassigned: " + ", ".join(load.id for load in plan.unassigned))
    return lines
