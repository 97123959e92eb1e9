"""Revise: each proposer revises its own best solution, seeing critiques and the best other one.

Visibility: only the best other solution (default) or all of them (``show_all_solutions``).
Anti-regression may restore the agent's best; the revision temperature adapts to stagnation.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from codedebate.protocol import prompts
from codedebate.backends.base import Message

from ..bugs import history_lines
from ..context import RunContext
from ..generation import write_solution
from ..regression import restore, revert_reason
from ..state import Agent, DebateState, Solution
from ..temperature import revision_temperature
from .critique import critic_label, shown_best


def focus_for(state: DebateState, agent: Agent) -> str:
    """The agent's revision instruction under the run's revision strategy."""
    if state.settings.revision_strategy == "diverse":
        return dict(prompts.FOCUSES)[agent.focus]
    return prompts.UNIFORM_FOCUS


def visible_others(state: DebateState, agent: Agent) -> list[prompts.Shown]:
    """The other proposers' best solutions this agent may see: the best one, or all."""
    others = [a for a in state.agents if a.id != agent.id]
    if not others:
        return []
    if not state.settings.show_all_solutions:
        top = min(others, key=lambda a: (-state.best[a.id].passed, state.best[a.id].round, a.number))
        others = [top]
    return [shown_best(state, a) for a in others]


def this_round_critiques(state: DebateState, agent: Agent) -> list[tuple[str, list[str]]]:
    """(critic label, bug texts) of every critique of this agent in the current round."""
    out = []
    for c in state.current.critiques:
        if c.target_id == agent.id and c.bugs:
            out.append((critic_label(state.agent(c.critic_id)), [b.text for b in c.bugs]))
    return out


def critique_history(state: DebateState, agent: Agent) -> list[str]:
    """Earlier rounds' critiques of this agent: first N bugs per critic, each cut to M chars."""
    s = state.settings
    if not s.critique_history:
        return []
    lines: list[str] = []
    for rnd in state.rounds[:-1]:
        for c in rnd.critiques:
            if c.target_id == agent.id:
                who = f"round {rnd.number}, {critic_label(state.agent(c.critic_id))}"
                lines.extend(history_lines(who, [b.text for b in c.bugs], s.critique_history_bugs,
                                           s.critique_history_chars))
    return lines


@dataclass(frozen=True)
class RevisePhase:
    name: str = "revise"

    async def revise(self, state: DebateState, ctx: RunContext, agent: Agent) -> Solution:
        round_no = state.current.number
        own = shown_best(state, agent)
        others = visible_others(state, agent)
        critiques = this_round_critiques(state, agent)
        history = critique_history(state, agent)
        focus = focus_for(state, agent)
        temperature = revision_temperature(state.settings, state.stagnation.get(agent.id, 0))

        def build(file_name: str | None, written: dict[str, str]) -> list[Message]:
            return prompts.revision_messages(state.task, own, others, critiques, history, focus, file_name, written)

        return await write_solution(ctx, state, agent, self.name, round_no, temperature, build)

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        proposers = [a for a in state.agents if a.proposes]
        revisions = await asyncio.gather(*(self.revise(state, ctx, a) for a in proposers))
        for agent, revision in zip(proposers, revisions):
            best = state.best[agent.id]
            reason = revert_reason(revision, best, state.settings.regression_tolerance)
            kept = revision
            if reason:
                state.current.rejected.append(revision)
                kept = restore(best, revision, reason)
            improved = kept.passed > best.passed
            state.add_solution(kept)
            state.stagnation[agent.id] = 0 if improved else state.stagnation.get(agent.id, 0) + 1
