"""Stratified sampling of questions: k per subject, reproducible from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from .kinds import TaskError

T = TypeVar("T")


def stratified_sample(tasks: Sequence[T], per_subject: int = 3, seed: int = 0, source: str = "tasks") -> list[T]:
    """``per_subject`` questions from each subject (default 3 x 57 MMLU subjects = 171), drawn with
    ``random.Random(seed)`` from each subject's questions sorted by id; the result is sorted by
    (subject, id), so it does not depend on the input order."""
    if per_subject < 1:
        raise TaskError(source, "per_subject", f"must be at least 1, got {per_subject}")
    by_subject: dict[str, list[T]] = {}
    for t in tasks:
        by_subject.setdefault(getattr(t, "subject", ""), []).append(t)
    rng = random.Random(seed)
    picked: list[T] = []
    for subject in sorted(by_subject):
        pool = sorted(by_subject[subject], key=lambda t: t.id)  # type: ignore[attr-defined]
        if len(pool) < per_subject:
            raise TaskError(source, f"subject {subject!r}",
                            f"has {len(pool)} question(s), fewer than per_subject={per_subject}")
        picked.extend(sorted(rng.sample(pool, per_subject), key=lambda t: t.id))  # type: ignore[attr-defined]
    return picked
