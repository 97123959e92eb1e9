"""Choosing the final answer: the best solution across all rounds by visible pass rate.

Ties go to the *earliest* round (a later solution wins only if it is strictly better, so
``peak_after_debate`` never credits the debate for an equal score), then to the higher Pylint
score, then to the lower agent number. Restored copies never compete: their original does.
"""

from __future__ import annotations

from .state import DebateState, Solution


def _key(state: DebateState, sol: Solution) -> tuple:
    pylint = sol.result.pylint_score if sol.result.pylint_score is not None else -1.0
    return (-sol.passed, sol.round, -pylint, state.agent(sol.agent_id).number)


def best_across_rounds(state: DebateState) -> Solution:
    """The final answer of a run."""
    return min(state.candidates(), key=lambda s: _key(state, s))


def best_initial(state: DebateState) -> Solution:
    """The best round-1 proposal (same tie-breaks), the honest best-of-N comparison point."""
    return min(state.rounds[0].solutions.values(), key=lambda s: _key(state, s))
