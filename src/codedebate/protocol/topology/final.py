"""Final-answer rules of star and mesh: the majority answer, or the best by visible tests (code).

Majority groups the agents' latest answers: by the letter (gold-scored kinds) or by the pass/fail
vector on the visible tests (code). The largest group wins; ties go, for code, to the group with
more visible passes, then to the group of the lowest-numbered agent. Hidden tests and gold answers
never break a tie.
"""

from __future__ import annotations

from collections.abc import Callable

from ..settings import SettingsError
from ..state import DebateState, Solution
from .answers import group_key, runs_code


def _latest(state: DebateState) -> list[Solution]:
    latest = state.latest()
    return [latest[a.id] for a in state.agents if a.id in latest]


def _visible(sol: Solution) -> int:
    return sol.passed if runs_code(sol.answer) else 0  # a gold-scored 'visible' score is the gold


def majority(state: DebateState) -> Solution:
    """The most common latest answer (ties as in the module docstring)."""
    number = {a.id: a.number for a in state.agents}
    groups: dict[str, list[Solution]] = {}
    for sol in _latest(state):
        groups.setdefault(group_key(sol), []).append(sol)
    for members in groups.values():
        members.sort(key=lambda s: (-_visible(s), number[s.agent_id]))

    def rank(members: list[Solution]) -> tuple:
        return (-len(members), -_visible(members[0]), number[members[0].agent_id])

    return min(groups.values(), key=rank)[0]


def best_visible(state: DebateState) -> Solution:
    """The latest answer passing most visible tests (code only; lower agent number on ties)."""
    latest = _latest(state)
    if not all(runs_code(s.answer) for s in latest):
        raise SettingsError("settings", "protocol_options.final",
                            "best_visible ranks code by its visible tests; on this task kind the visible "
                            "score is the gold answer, so use final=majority")
    number = {a.id: a.number for a in state.agents}
    return min(latest, key=lambda s: (-s.passed, number[s.agent_id]))


def final_rule(name: str) -> Callable[[DebateState], Solution]:
    return {"majority": majority, "best_visible": best_visible}[name]
