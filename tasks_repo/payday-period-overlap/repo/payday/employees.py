"""Employees and what the payroll needs to know about them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Employee:
    number: int
    name: str
    hourly_rate: Decimal
    pension_percent: Decimal = Decimal("5")
    union_member: bool = False

    def __post_init__(self) -> None:
        if self.hourly_rate <= 0:
            raise ValueError(f"{self.name}: the hourly rate must be positive, got {self.hourly_rate}")
        if not Decimal(0) <= self.pension_percent <= Decimal(100):
            raise ValueError(f"{self.name}: pension percent must be 0-100, got {self.pension_percent}")


class Staff:
    """The employees of one company, by number."""

    def __init__(self) -> None:
        self._people: dict[int, Employee] = {}

    def hire(self, employee: Employee) -> Employee:
        if employee.number in self._people:
            raise ValueError(f"employee number {employee.number} is taken by {self._people[employee.number].name}")
        self._people[employee.number] = employee
        return employee

    def get(self, number: int) -> Employee:
        try:
            return self._people[number]
        except KeyError:
            raise KeyError(f"no employee number {number}") from None

    def __iter__(self) -> Iterator[Employee]:
        return iter(sorted(self._people.values(), key=lambda e: e.number))

    def __len__(self) -> int:
        return len(self._people)
