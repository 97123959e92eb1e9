"""Category weights of the school's marking policy.

Weights are relative (20/50/30 or 1/2/1 alike). A category in which a student has no counting mark
yet (nothing marked, or every mark excused) does not count: its weight is shared out among the
student's other categories in proportion to their weights.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

DEFAULT_POLICY = {"homework": 20.0, "tests": 50.0, "project": 30.0}


def check_policy(policy: Mapping[str, float]) -> dict[str, float]:
    """The policy as a dict; ValueError naming the category when a weight is not positive."""
    if not policy:
        raise ValueError("a marking policy needs at least one category")
    for category, weight in policy.items():
        if not isinstance(weight, (int, float)) or weight <= 0:
            raise ValueError(f"category {category!r}: the weight must be a positive number, got {weight!r}")
    return {category: float(weight) for category, weight in policy.items()}


def effective_weights(policy: Mapping[str, float], graded: Iterable[str]) -> dict[str, float]:
    """The weights of the ``graded`` categories as fractions of one."""
    graded = set(graded)
    total = sum(policy.values())
    return {category: weight / total for category, weight in policy.items() if category in graded}
