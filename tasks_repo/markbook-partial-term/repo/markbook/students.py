"""Students of a school year, by their school id."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Student:
    id: str
    name: str
    form: str

    def __post_init__(self) -> None:
        if not self.id.strip() or not self.name.strip():
            raise ValueError("a student needs an id and a name")

    @property
    def sort_name(self) -> str:
        """'Berg, Lena' for 'Lena Berg': lists are sorted by family name."""
        first, _, last = self.name.rpartition(" ")
        return f"{last}, {first}" if first else last
