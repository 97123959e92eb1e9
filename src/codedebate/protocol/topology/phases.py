"""The phases of star and mesh: independent answers, mesh exchange, star judge, star revision."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Iterable
from dataclasses import dataclass

from ..context import RunContext
from ..settings import SettingsError
from ..state import Agent, Bug, Critique, DebateState, Solution
from ..voting import VoteOutcome
from . import prompts
from .answers import answer, check_supported, runs_code, shown_answer
from .judge import parse_judge, parse_verdict, points_at_failure

NO_EVALUATION = "The judge wrote no evaluation of your answer this round."


def _label(state: DebateState, agent: Agent) -> str:
    return f"Agent {prompts.label(state.agents.index(agent))}"


async def _all(state: DebateState, jobs: Iterable[Awaitable[Solution]]) -> None:
    """Run the agents' calls concurrently and record their solutions in agent order."""
    for sol in await asyncio.gather(*jobs):
        state.add_solution(sol)


@dataclass(frozen=True)
class AnswerPhase:
    """Round 1: every agent answers the task alone."""

    temperature: float
    olympiad: bool
    final: str = "majority"
    name: str = "answer"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        check_supported(state.task)
        messages = prompts.independent_messages(state.task, self.olympiad)
        await _all(state, (answer(ctx, state, a, self.name, state.current.number, self.temperature, messages)
                           for a in state.agents))
        if self.final == "best_visible" and not all(runs_code(s.answer) for s in state.current.solutions.values()):
            raise SettingsError("settings", "protocol_options.final",
                                "best_visible ranks code by its visible tests; on this task kind the visible "
                                "score is the gold answer, so use final=majority")


@dataclass(frozen=True)
class MeshPhase:
    """A later mesh round: each agent reads every peer's previous reply and answers again."""

    temperature: float
    olympiad: bool
    name: str = "mesh"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        previous = state.latest()
        round_no = state.current.number

        def one(agent: Agent) -> Awaitable[Solution]:
            peers = {_label(state, p): shown_answer(previous[p.id]) for p in state.agents if p is not agent}
            own = shown_answer(previous[agent.id])
            messages = prompts.mesh_messages(state.task, own, peers, self.olympiad)
            return answer(ctx, state, agent, self.name, round_no, self.temperature, messages)

        await _all(state, (one(a) for a in state.agents))


@dataclass(frozen=True)
class JudgePhase:
    """A later star round, first step: the judge reads every latest answer and evaluates each.

    Each agent's evaluation goes to ``Round.feedback[agent id]``; the consensus line sets a
    consensus vote outcome (the revision phase then skips and ConsensusStop ends the run).
    """

    temperature: float
    olympiad: bool
    name: str = "judge"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        assert state.judge is not None, "star casts a judge"
        rnd = state.current
        latest = state.latest()
        sols = [latest[a.id] for a in state.agents]
        code = all(runs_code(s.answer) for s in sols)
        messages = prompts.judge_messages(state.task, [shown_answer(s) for s in sols], self.olympiad, code)
        reply = await ctx.chat(state, state.judge, self.name, rnd.number, messages, self.temperature)
        parsed = parse_judge(reply.text, len(sols))
        if parsed.consensus:
            rnd.vote_outcome = VoteOutcome(winner=None, ratio=1.0, votes_for_winner=len(sols), valid_votes=len(sols),
                                           consensus=True, reason="judge wrote the consensus line")
            return
        for i, (agent, sol) in enumerate(zip(state.agents, sols)):
            section = parsed.evaluations.get(prompts.label(i), "").strip()
            rnd.feedback[agent.id] = section or NO_EVALUATION
            rnd.critiques.append(Critique(state.judge.id, agent.id, rnd.number, self._bugs(section, sol)))

    def _bugs(self, section: str, sol: Solution) -> list[Bug]:
        """Olympiad: the first fatal error of a rejected answer; standard: none itemised."""
        if not self.olympiad:
            return []
        verdict = parse_verdict(section)
        if not verdict.rejected:
            return []
        text = f"{verdict.fatal_error} :: {verdict.reason}".strip(" :")
        grounded = runs_code(sol.answer) and points_at_failure(verdict.fatal_error, sol.result)
        return [Bug(text, grounded)]


@dataclass(frozen=True)
class StarRevisePhase:
    """A later star round, second step: each agent sees only its own answer and evaluation."""

    temperature: float
    olympiad: bool
    name: str = "revise"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        rnd = state.current
        if rnd.vote_outcome is not None and rnd.vote_outcome.consensus:
            return
        previous = state.latest()

        def one(agent: Agent) -> Awaitable[Solution]:
            evaluation = rnd.feedback.get(agent.id, NO_EVALUATION)
            messages = prompts.star_revision_messages(state.task, shown_answer(previous[agent.id]),
                                                      evaluation, self.olympiad)
            return answer(ctx, state, agent, self.name, rnd.number, self.temperature, messages)

        await _all(state, (one(a) for a in state.agents))
