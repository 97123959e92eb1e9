"""Critique: every participant (the judge too) lists the bugs of the other proposers' best solutions."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from codedebate.protocol import prompts

from ..bugs import is_grounded, parse_bugs
from ..context import RunContext
from ..state import Agent, Bug, Critique, DebateState
from .base import ANALYSIS_TEMPERATURE


def shown_best(state: DebateState, agent: Agent) -> prompts.Shown:
    """An agent's best solution so far, as others see it."""
    sol = state.best[agent.id]
    return prompts.Shown(agent.number, sol.files, sol.result)


def critic_label(agent: Agent) -> str:
    return f"Agent {agent.number}" if agent.proposes else "the judge"


@dataclass(frozen=True)
class CritiquePhase:
    name: str = "critique"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        round_no = state.current.number

        async def one(critic: Agent) -> list[Critique]:
            targets = [a for a in state.agents if a.id != critic.id]
            if not targets:
                return []
            shown = [shown_best(state, t) for t in targets]
            messages = prompts.critique_messages(state.task, critic_label(critic), shown, critic.role)
            reply = await ctx.chat(state, critic, self.name, round_no, messages, ANALYSIS_TEMPERATURE)
            parsed = parse_bugs(reply.text, [t.number for t in targets])
            out = []
            for target in targets:
                best = state.best[target.id]
                failing = [t.name for t in best.result.tests if not t.passed]
                code = "\n".join(best.files.values())
                bugs = [Bug(b, is_grounded(b, failing, code)) for b in parsed[target.number]]
                out.append(Critique(critic.id, target.id, round_no, bugs))
            return out

        results = await asyncio.gather(*(one(c) for c in state.participants))
        for critiques in results:
            state.current.critiques.extend(critiques)
