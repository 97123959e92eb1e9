"""Drivers and their working-time rules."""

from __future__ import annotations

from dataclasses import dataclass

#: after this many minutes of work a 30-minute lunch break is due
LUNCH_AFTER = 240
LUNCH_MINUTES = 30


@dataclass(frozen=True)
class Driver:
    name: str
    max_minutes: int = 480
    depot_name: str = "depot"

    def can_work(self, minutes: int) -> bool:
        return minutes <= self.max_minutes
