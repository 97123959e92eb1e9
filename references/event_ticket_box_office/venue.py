"""A venue: sections of numbered rows and seats, with prices."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Seat:
    """One seat, addressed by section, row and number."""

    section: str
    row: int
    number: int

    @property
    def label(self) -> str:
        return f"{self.section}/{self.row}/{self.number}"

    @classmethod
    def parse(cls, label: str) -> Seat:
        parts = label.split("/")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            raise ValueError(f"bad seat label {label!r}")
        return cls(parts[0], int(parts[1]), int(parts[2]))


class Venue:
    """Sections by name: (rows, seats per row, price)."""

    def __init__(self) -> None:
        self._sections: dict[str, tuple[int, int, int]] = {}

    def add_section(self, name: str, rows: int, seats_per_row: int, price_cents: int) -> None:
        if name in self._sections or rows < 1 or seats_per_row < 1:
            raise ValueError(f"bad or repeated section {name!r}")
        self._sections[name] = (rows, seats_per_row, price_cents)

    def seat(self, label: str) -> Seat:
        seat = Seat.parse(label)
        rows, per_row, _ = self._sections[seat.section]
        if not (1 <= seat.row <= rows and 1 <= seat.number <= per_row):
            raise KeyError(label)
        return seat

    def seats(self, section: str) -> list[Seat]:
        rows, per_row, _ = self._sections[section]
        return [Seat(section, r, n) for r in range(1, rows + 1) for n in range(1, per_row + 1)]

    def price(self, seat: Seat) -> int:
        return self._sections[seat.section][2]
