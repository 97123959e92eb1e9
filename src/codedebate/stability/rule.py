"""The stop rule: fit each round, compare with the previous round, stop after ``patience``
consecutive distances below ``threshold`` (or at ``max_rounds``).

The batch advances round by round; a task that stopped earlier carries its last count forward
(:func:`carry_forward`), so the histogram always covers the whole batch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .distance import ks_empirical, ks_mixtures
from .mixture import MixtureFit, fit_mixture

DISTANCES = ("mixture", "empirical")
STABLE, MAX_ROUNDS = "stability", "stability_max_rounds"


@dataclass(frozen=True)
class StabilitySettings:
    """Settings of the rule (defaults: the published method)."""

    threshold: float = 0.05
    patience: int = 2
    grid_points: int = 1000
    restarts: int = 5
    max_rounds: int = 10
    distance: str = "mixture"  # mixture: KS of fitted Beta mixtures; empirical: KS of the CDFs of s
    seed: int = 0
    tolerance: float = 1e-6
    max_iter: int = 100

    def __post_init__(self) -> None:
        for key, ok, want in (
            ("threshold", 0.0 < self.threshold <= 1.0, "between 0 (exclusive) and 1"),
            ("patience", self.patience >= 1, "at least 1"),
            ("grid_points", self.grid_points >= 2, "at least 2"),
            ("restarts", self.restarts >= 1, "at least 1"),
            ("max_rounds", self.max_rounds >= 1, "at least 1"),
            ("distance", self.distance in DISTANCES, f"one of {', '.join(DISTANCES)}"),
            ("tolerance", self.tolerance > 0, "positive"),
            ("max_iter", self.max_iter >= 1, "at least 1"),
        ):
            if not ok:
                raise ValueError(f"{key}: must be {want}, got {getattr(self, key)!r}")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "StabilitySettings":
        """Build from a mapping; unknown keys and wrong types raise ValueError naming the key."""
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"{unknown[0]}: is not a stability setting (known: {', '.join(sorted(known))})")
        defaults = cls()
        values = {}
        for key, value in data.items():
            want = type(getattr(defaults, key))
            if isinstance(value, bool) or not isinstance(value, (want, int) if want is float else want):
                raise ValueError(f"{key}: must be {want.__name__}, got {type(value).__name__} {value!r}")
            values[key] = want(value)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RoundReport:
    """What the rule saw and decided after one round."""

    round: int
    counts: tuple[int, ...]
    fit: MixtureFit
    ks_mixture: float | None  # None in the first round
    ks_empirical: float | None
    streak: int  # consecutive rounds with the chosen distance below the threshold
    reason: str  # "" (go on), STABLE or MAX_ROUNDS

    @property
    def stop(self) -> bool:
        return bool(self.reason)

    def as_row(self) -> dict[str, Any]:
        m = self.fit.mixture
        return {"round": self.round, "tasks": len(self.counts), "mean_s": float(np.mean(self.counts)),
                "ks_mixture": self.ks_mixture, "ks_empirical": self.ks_empirical, "streak": self.streak,
                "stop_reason": self.reason, "w": m.w, "a1": m.a1, "b1": m.b1, "a2": m.a2, "b2": m.b2,
                "loglik": self.fit.loglik, "em_iterations": self.fit.iterations, "converged": self.fit.converged,
                "restart_spread": self.fit.restart_spread, "identified": self.fit.identified}


@dataclass
class StabilityRule:
    """Feed it each round's counts (one s per task of the batch, 0..n); it says when to stop."""

    settings: StabilitySettings
    n: int  # agents per task
    reports: list[RoundReport] = field(default_factory=list)

    def fit(self, counts: Sequence[int]) -> MixtureFit:
        s = self.settings
        return fit_mixture(counts, self.n, restarts=s.restarts, seed=s.seed, tol=s.tolerance,
                           max_iter=s.max_iter, grid_points=s.grid_points, spread_tolerance=s.threshold)

    def observe(self, counts: Sequence[int]) -> RoundReport:
        """Add the next round's counts; return the report (``.stop`` says whether to stop now)."""
        s = self.settings
        counts = tuple(int(c) for c in counts)
        fit = self.fit(counts)
        prev = self.reports[-1] if self.reports else None
        ks_mix = ks_emp = None
        streak = 0
        if prev is not None:
            if len(prev.counts) != len(counts):
                raise ValueError(f"round {prev.round + 1} has {len(counts)} tasks, round {prev.round} had "
                                 f"{len(prev.counts)}: carry stopped tasks forward")
            ks_mix = ks_mixtures(prev.fit.mixture, fit.mixture, s.grid_points)
            ks_emp = ks_empirical(prev.counts, counts, self.n)
            dist = ks_mix if s.distance == "mixture" else ks_emp
            streak = prev.streak + 1 if dist < s.threshold else 0
        round_no = len(self.reports) + 1
        reason = STABLE if streak >= s.patience else (MAX_ROUNDS if round_no >= s.max_rounds else "")
        report = RoundReport(round_no, counts, fit, ks_mix, ks_emp, streak, reason)
        self.reports.append(report)
        return report

    @property
    def stopped(self) -> bool:
        return bool(self.reports) and self.reports[-1].stop


def carry_forward(previous: Mapping[str, int], current: Mapping[str, int | None]) -> dict[str, int]:
    """This round's count per task; a task without one (it stopped) keeps its previous count."""
    out: dict[str, int] = {}
    for task in dict.fromkeys([*previous, *current]):
        value = current.get(task)
        if value is None:
            if task not in previous:
                raise ValueError(f"task {task!r} has no count this round and none before")
            value = previous[task]
        out[task] = int(value)
    return out
