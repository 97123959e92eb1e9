"""Stop rules: each looks at the state after a round and names a reason to stop, or returns ""."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .state import DebateState

EARLY_STOP, CONSENSUS, MAX_ROUNDS, SOLO = "early_stop", "consensus", "max_rounds", "solo"


class StopRule(Protocol):
    def __call__(self, state: DebateState) -> str: ...


@dataclass(frozen=True)
class EarlyStopOnPerfect:
    """Stop after round 1 when a proposal passes every visible test."""

    def __call__(self, state: DebateState) -> str:
        rnd = state.current
        if rnd.number == 1 and any(s.all_passed for s in rnd.solutions.values()):
            return EARLY_STOP
        return ""


@dataclass(frozen=True)
class ConsensusStop:
    """Stop when this round's vote reached consensus."""

    def __call__(self, state: DebateState) -> str:
        outcome = state.current.vote_outcome
        return CONSENSUS if outcome is not None and outcome.consensus else ""


@dataclass(frozen=True)
class MaxRounds:
    """Stop once ``limit`` rounds have run; ``reason`` names the status it reports."""

    limit: int
    reason: str = MAX_ROUNDS

    def __call__(self, state: DebateState) -> str:
        return self.reason if state.current.number >= self.limit else ""


def first_reason(rules: tuple[StopRule, ...], state: DebateState) -> str:
    """The first rule that says stop, in order."""
    for rule in rules:
        reason = rule(state)
        if reason:
            return reason
    return ""
