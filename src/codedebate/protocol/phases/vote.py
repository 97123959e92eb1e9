"""Vote: every participant votes for another proposer's current solution; the rule tallies."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from codedebate.protocol import prompts
from codedebate.protocol.voting import Candidate, Vote, VotingRule, parse_vote

from ..context import RunContext
from ..state import Agent, DebateState
from .base import ANALYSIS_TEMPERATURE
from .critique import critic_label


@dataclass(frozen=True)
class VotePhase:
    rule: VotingRule = field(default_factory=VotingRule)
    name: str = "vote"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        rnd = state.current
        current = state.latest()
        proposers = [a for a in state.agents if a.id in current]
        shown = [prompts.Shown(a.number, current[a.id].files, current[a.id].result) for a in proposers]
        numbers = [a.number for a in proposers]

        async def one(voter: Agent) -> Vote:
            own = voter.number if voter.proposes else None
            messages = prompts.vote_messages(state.task, critic_label(voter), shown, voter.role, own)
            reply = await ctx.chat(state, voter, self.name, rnd.number, messages, ANALYSIS_TEMPERATURE)
            return parse_vote(reply.text, voter.id, own, numbers)

        rnd.votes = list(await asyncio.gather(*(one(v) for v in state.participants)))
        candidates = [
            Candidate(a.number, current[a.id].pass_rate, current[a.id].all_passed, current[a.id].result.pylint_score)
            for a in proposers
        ]
        rnd.vote_outcome = self.rule.tally(rnd.votes, candidates)
