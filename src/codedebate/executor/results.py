"""What the executor returns: per-test outcomes and code metrics of one candidate.

These types are the executor's whole public contract; the debate reads nothing else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any


class Outcome(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"  # collection/setup error, or the test never reported
    TIMEOUT = "timeout"


@dataclass(frozen=True)
class TestResult:
    name: str
    outcome: Outcome
    message: str = ""  # failure message, cut to a bound

    @property
    def passed(self) -> bool:
        return self.outcome is Outcome.PASSED


@dataclass(frozen=True)
class ExecutionResult:
    """Verdict on one candidate against one list of tests."""

    tests: tuple[TestResult, ...]
    compiles: bool
    duration_s: float = 0.0
    pylint_score: float | None = None  # 0..10, None when not measured
    complexity: float | None = None  # mean Radon cyclomatic complexity
    error: str = ""  # harness-level problem (timeout of the whole run, crash, ...)
    cached: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return len(self.tests)

    @property
    def passed(self) -> int:
        return sum(t.passed for t in self.tests)

    @property
    def pass_rate(self) -> float:
        return self.passed / self.total if self.tests else 0.0

    @property
    def all_passed(self) -> bool:
        return bool(self.tests) and self.passed == self.total

    def outcome_of(self, name: str) -> Outcome:
        for t in self.tests:
            if t.name == name:
                return t.outcome
        return Outcome.ERROR

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["tests"] = [{"name": t.name, "outcome": t.outcome.value, "message": t.message} for t in self.tests]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ExecutionResult":
        d = dict(d)
        d["tests"] = tuple(TestResult(t["name"], Outcome(t["outcome"]), t.get("message", "")) for t in d["tests"])
        return cls(**d)
