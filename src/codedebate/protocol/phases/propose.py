"""Propose: every proposer writes a solution at the proposal temperature, concurrently."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from codedebate.protocol import prompts
from codedebate.backends.base import Message

from ..context import RunContext
from ..generation import write_solution
from ..state import Agent, DebateState, Solution


@dataclass(frozen=True)
class ProposePhase:
    """Round 1 of a debate, or the single attempt of a solo run."""

    name: str = "propose"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        round_no = state.current.number
        temperature = state.settings.proposal_temperature

        async def one(agent: Agent) -> Solution:
            def build(file_name: str | None, written: dict[str, str]) -> list[Message]:
                return prompts.proposal_messages(state.task, agent.role, file_name, written)

            return await write_solution(ctx, state, agent, self.name, round_no, temperature, build)

        solutions = await asyncio.gather(*(one(a) for a in state.agents if a.proposes))
        for sol in solutions:
            state.add_solution(sol)
            state.stagnation[sol.agent_id] = 0
