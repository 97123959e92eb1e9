"""Students, assignments and recorded scores, graded by a GradingScheme."""

from __future__ import annotations

from grading import GradingScheme


class Gradebook:
    """Scores of students on assignments, graded by a scheme."""

    def __init__(self, scheme: GradingScheme, missing_as_zero: bool = False) -> None:
        self.scheme = scheme
        self.missing_as_zero = missing_as_zero
        self._students: dict[str, str] = {}
        self._assignments: dict[str, tuple[str, float]] = {}
        self._scores: dict[tuple[str, str], float] = {}

    def add_student(self, student_id: str, name: str) -> None:
        if student_id in self._students:
            raise ValueError(f"student {student_id} exists")
        self._students[student_id] = name

    def add_assignment(self, name: str, category: str, possible: float) -> None:
        if name in self._assignments:
            raise ValueError(f"assignment {name} exists")
        if category not in self.scheme.weights:
            raise KeyError(category)
        if possible <= 0:
            raise ValueError("possible must be > 0")
        self._assignments[name] = (category, possible)

    def record(self, student_id: str, assignment: str, earned: float) -> None:
        if student_id not in self._students:
            raise KeyError(student_id)
        _, possible = self._assignments[assignment]
        if not 0 <= earned <= possible:
            raise ValueError(f"earned must be between 0 and {possible}")
        self._scores[(student_id, assignment)] = earned

    def _items(self, student_id: str) -> dict[str, list[tuple[float, float]]]:
        items: dict[str, list[tuple[float, float]]] = {}
        for name, (category, possible) in self._assignments.items():
            earned = self._scores.get((student_id, name))
            if earned is None and self.missing_as_zero:
                earned = 0
            if earned is not None:
                items.setdefault(category, []).append((earned, possible))
        return items

    def report(self, student_id: str) -> dict:
        if student_id not in self._students:
            raise KeyError(student_id)
        items = self._items(student_id)
        score = self.scheme.final_score(items)
        return {
            "score": score,
            "letter": None if score is None else self.scheme.letter(score),
            "categories": {c: self.scheme.category_average(c, i) for c, i in items.items()},
        }

    def class_summary(self) -> list[tuple[str, float | None, str | None]]:
        rows = [(sid, self.report(sid)["score"], self.report(sid)["letter"]) for sid in self._students]
        return sorted(rows, key=lambda r: (r[1] is None, -(r[1] or 0), r[0]))

    def letter_distribution(self) -> dict[str, int]:
        counts = {letter: 0 for letter in self.scheme.letters()}
        for _, score, letter in self.class_summary():
            if score is not None:
                counts[letter] += 1
        return counts
