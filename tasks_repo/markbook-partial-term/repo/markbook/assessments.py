"""Assessments (a homework, a test, a project) and the marks students get in them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Assessment:
    id: str
    name: str
    category: str
    max_points: float

    def __post_init__(self) -> None:
        if self.max_points <= 0:
            raise ValueError(f"assessment {self.id!r}: max_points must be positive, got {self.max_points}")


@dataclass(frozen=True)
class Mark:
    """Points a student got; an excused student (ill, exempt) has no points and the mark does not count."""

    student: str
    assessment: str
    points: float = 0.0
    excused: bool = False

    @classmethod
    def excuse(cls, student: str, assessment: str) -> Mark:
        return cls(student, assessment, 0.0, excused=True)
