"""Loading plans: which load goes on which vehicle, heaviest loads first."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .loads import Load
from .vehicles import Vehicle


@dataclass
class Plan:
    """Loads per plate, and the loads no vehicle could take."""

    assignments: dict[str, list[Load]] = field(default_factory=dict)
    unassigned: list[Load] = field(default_factory=list)

    def load_kg(self, plate: str) -> int:
        return sum(load.weight_kg for load in self.assignments.get(plate, []))

    def plate_of(self, load_id: str) -> str | None:
        for plate, loads in self.assignments.items():
            if any(load.id == load_id for load in loads):
                return plate
        return None


def _candidates(vehicles: list[Vehicle], load: Load) -> list[Vehicle]:
    """Vehicles that may carry ``load``; ambient loads try vehicles without cooling first."""
    able = [v for v in vehicles if v.depot == load.depot and v.accepts(load)]
    return sorted(able, key=lambda v: (v.refrigerated and not load.chilled, v.plate))


def plan_loads(vehicles: Iterable[Vehicle], loads: Iterable[Load]) -> Plan:
    """First fit decreasing: each load, heaviest first, onto the first candidate with room left."""
    fleet = list(vehicles)
    plan = Plan({v.plate: [] for v in fleet})
    room = {v.plate: v.payload_kg for v in fleet}
    for load in sorted(loads, key=lambda ld: (-ld.weight_kg, ld.id)):
        target = next((v for v in _candidates(fleet, load) if room[v.plate] >= load.weight_kg), None)
        if target is None:
            plan.unassigned.append(load)
            continue
        plan.assignments[target.plate].append(load)
        room[target.plate] -= load.weight_kg
    return plan
