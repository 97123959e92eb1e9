"""What happened in a run: jobs by final status, attempts, the longest job."""

from __future__ import annotations

from collections import Counter

from .jobs import Job


def by_status(jobs: list[Job]) -> dict[str, int]:
    return dict(sorted(Counter(j.status for j in jobs).items()))


def total_attempts(jobs: list[Job]) -> int:
    return sum(j.attempts for j in jobs)


def report(jobs: list[Job]) -> str:
    counts = ", ".join(f"{k}: {v}" for k, v in by_status(jobs).items())
    return f"{len(jobs)} jobs ({counts}), {total_attempts(jobs)} attempts"
