"""Stops of a delivery day: 'name @ lat,lon [minutes]' (minutes spent at the stop, default 5)."""

from __future__ import annotations

from dataclasses import dataclass

from .geo import Point, parse_point


@dataclass(frozen=True)
class Stop:
    name: str
    point: Point
    minutes: int = 5


def parse_stop(line: str) -> Stop:
    name, _, rest = line.partition("@")
    minutes = 5
    rest = rest.strip()
    if rest.endswith("]") and "[" in rest:
        rest, _, m = rest.rpartition("[")
        minutes = int(m.rstrip("]"))
    if not name.strip() or not rest.strip():
        raise ValueError(f"expected 'name @ lat,lon [minutes]', got {line!r}")
    return Stop(name.strip(), parse_point(rest), minutes)


def parse_stops(text: str) -> list[Stop]:
    return [parse_stop(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]
