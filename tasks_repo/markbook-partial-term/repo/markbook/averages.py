"""From marks to percentages: per category, then weighted over the categories."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from .assessments import Assessment, Mark
from .weights import effective_weights


def category_averages(marks: Iterable[Mark], assessments: Mapping[str, Assessment]) -> dict[str, float]:
    """Percent per category: points over possible points of the counting (not excused) marks."""
    got: dict[str, float] = defaultdict(float)
    possible: dict[str, float] = defaultdict(float)
    for mark in marks:
        if mark.excused:
            continue
        assessment = assessments[mark.assessment]
        got[assessment.category] += mark.points
        possible[assessment.category] += assessment.max_points
    return {category: 100 * got[category] / possible[category] for category in possible}


def weighted_average(averages: Mapping[str, float], policy: Mapping[str, float]) -> float | None:
    """The overall percentage, or None when nothing counts yet."""
    if not averages:
        return None
    weights = effective_weights(policy, averages)
    return sum(weight * averages[category] for category, weight in weights.items())
