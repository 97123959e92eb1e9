"""majority_vote (self-consistency for code) and vote_only: N samples grouped by behaviour; the
answer is the first member of the largest group.

majority_vote groups by the per-test outcome vector on the visible tests plus the outputs on their
inputs, and breaks a size tie by visible tests passed; vote_only groups by outputs alone and ignores
test outcomes. Remaining ties go to the group whose first member was drawn first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..context import RunContext
from ..options import parse_options
from ..registry import Protocol, register_protocol
from ..settings import DebateSettings
from ..state import DebateState
from .behaviour import behaviours, groups
from .choice import record_choice
from .sampling import SAMPLING_EXTENSION, SamplePhase, SamplingOptions, SamplingStop, cast_pool, chosen, samples


@dataclass(frozen=True)
class VoteSelect:
    """Group every sample by behaviour and answer with the largest group."""

    use_outcomes: bool = True
    name: str = "select"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        sols = samples(state)
        grouped = groups(await behaviours(ctx, state.task, sols, with_outcomes=self.use_outcomes))
        if self.use_outcomes:
            winner = max(grouped, key=lambda g: (len(g), sols[g[0]].passed))
            rule = "largest behaviour group (outcomes + outputs; size ties: more visible tests passed)"
        else:
            winner = max(grouped, key=len)
            rule = "largest output group (test outcomes ignored)"
        record_choice(state, sols, grouped, winner, len(sols), f"{rule}: {len(winner)} of {len(sols)}")


def _protocol(name: str, use_outcomes: bool, settings: DebateSettings) -> Protocol:
    options = parse_options(SamplingOptions, settings)
    return Protocol(
        name=name,
        mode=name,
        opening=(SamplePhase(options), VoteSelect(use_outcomes)),
        later=(),
        stop_rules=(SamplingStop(options),),
        cast=cast_pool,
        select_final=chosen,
        extensions=(SAMPLING_EXTENSION,),
    )


@register_protocol("majority_vote")
def majority_vote_protocol(settings: DebateSettings) -> Protocol:
    return _protocol("majority_vote", True, settings)


@register_protocol("vote_only")
def vote_only_protocol(settings: DebateSettings) -> Protocol:
    return _protocol("vote_only", False, settings)
