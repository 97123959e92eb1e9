"""Class rankings by overall percentage; equal (shown) percentages share a place."""

from __future__ import annotations

from dataclasses import dataclass

from .gradebook import Gradebook
from .grades import one_decimal
from .students import Student


@dataclass(frozen=True)
class Place:
    place: int
    student: Student
    percent: float


def class_ranking(book: Gradebook, form: str | None = None) -> list[Place]:
    """Students with a counting mark, best first (ties by family name), places 1, 2, 2, 4, ..."""
    scored = []
    for student in book.students.values():
        average = book.average(student.id)
        if average is not None and form in (None, student.form):
            scored.append((one_decimal(average), student))
    scored.sort(key=lambda pair: (-pair[0], pair[1].sort_name))
    places: list[Place] = []
    for i, (percent, student) in enumerate(scored):
        tied = places and places[-1].percent == percent
        places.append(Place(places[-1].place if tied else i + 1, student, percent))
    return places


def render(places: list[Place]) -> str:
    return "\n".join(f"{p.place:>2}. {p.student.sort_name:<20} {p.percent:5.1f}%" for p in places)
