"""Sites group sensors and carry their own comfort band: 'site name: sensor, sensor [low..high]'."""

from __future__ import annotations

import re
from dataclasses import dataclass

LINE = re.compile(r"^\s*(?P<name>[\w -]+?)\s*:\s*(?P<sensors>[\w, ]+?)\s*(?:\[(?P<low>-?[\d.]+)\.\.(?P<high>-?[\d.]+)\])?\s*$")


@dataclass(frozen=True)
class Site:
    name: str
    sensors: tuple[str, ...]
    low: float = 5.0
    high: float = 26.0

    def owns(self, sensor: str) -> bool:
        return sensor in self.sensors


def parse_sites(text: str) -> list[Site]:
    sites = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = LINE.match(line)
        if not match:
            raise ValueError(f"line {number}: expected 'name: sensor, sensor [low..high]', got {line!r}")
        sensors = tuple(s.strip() for s in match["sensors"].split(",") if s.strip())
        low = float(match["low"]) if match["low"] else 5.0
        high = float(match["high"]) if match["high"] else 26.0
        if low >= high:
            raise ValueError(f"line {number}: the band {low}..{high} is empty")
        sites.append(Site(match["name"].strip(), sensors, low, high))
    return sites


def site_of(sensor: str, sites: list[Site]) -> Site | None:
    return next((s for s in sites if s.owns(sensor)), None)
