"""A clock the worker advances instead of sleeping (jobs are simulated)."""

from __future__ import annotations


class Clock:
    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def advance(self, seconds: float) -> float:
        if seconds < 0:
            raise ValueError("time does not run backwards")
        self.now += seconds
        return self.now
