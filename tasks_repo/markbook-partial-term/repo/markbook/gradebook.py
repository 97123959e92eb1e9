"""The mark book of one teacher: students, assessments and marks, checked as they are entered."""

from __future__ import annotations

from collections.abc import Mapping

from .assessments import Assessment, Mark
from .averages import category_averages, weighted_average
from .students import Student
from .weights import DEFAULT_POLICY, check_policy


class Gradebook:
    def __init__(self, policy: Mapping[str, float] | None = None) -> None:
        self.policy = check_policy(policy or DEFAULT_POLICY)
        self.students: dict[str, Student] = {}
        self.assessments: dict[str, Assessment] = {}
        self.marks: dict[tuple[str, str], Mark] = {}

    def add_student(self, id: str, name: str, form: str) -> Student:
        if id in self.students:
            raise ValueError(f"student {id!r} is already in the mark book")
        student = self.students[id] = Student(id, name, form)
        return student

    def add_assessment(self, id: str, name: str, category: str, max_points: float) -> Assessment:
        if id in self.assessments:
            raise ValueError(f"assessment {id!r} is already in the mark book")
        if category not in self.policy:
            raise ValueError(f"assessment {id!r}: unknown category {category!r}; "
                             f"the policy has {', '.join(self.policy)}")
        assessment = self.assessments[id] = Assessment(id, name, category, max_points)
        return assessment

    def _check(self, student: str, assessment: str) -> Assessment:
        if student not in self.students:
            raise KeyError(f"no student {student!r} in the mark book")
        if assessment not in self.assessments:
            raise KeyError(f"no assessment {assessment!r} in the mark book")
        return self.assessments[assessment]

    def record(self, student: str, assessment: str, points: float) -> Mark:
        """Enter (or correct) a student's points."""
        limit = self._check(student, assessment).max_points
        if not 0 <= points <= limit:
            raise ValueError(f"{student} in {assessment}: {points} points is outside 0-{limit:g}")
        mark = self.marks[student, assessment] = Mark(student, assessment, float(points))
        return mark

    def excuse(self, student: str, assessment: str) -> Mark:
        self._check(student, assessment)
        mark = self.marks[student, assessment] = Mark.excuse(student, assessment)
        return mark

    def marks_of(self, student: str) -> list[Mark]:
        return [mark for (who, _), mark in self.marks.items() if who == student]

    def category_averages(self, student: str) -> dict[str, float]:
        return category_averages(self.marks_of(student), self.assessments)

    def average(self, student: str) -> float | None:
        """The student's overall percentage under the policy, None before any counting mark."""
        return weighted_average(self.category_averages(student), self.policy)
