"""best_of_n: N independent samples; the answer passes the most visible tests (ties: the most
frequent behaviour among the tied samples, then the first sample)."""

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
class BestVisibleSelect:
    """Pick by visible tests; probe behaviours only when several samples tie at the top."""

    name: str = "select"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        sols = samples(state)
        top = max(s.passed for s in sols)
        tied = [s for s in sols if s.passed == top]
        if len(tied) == 1:
            record_choice(state, tied, [[0]], [0], len(sols), f"only sample passing {top} visible tests")
            return
        grouped = groups(await behaviours(ctx, state.task, tied))
        winner = max(grouped, key=len)  # the first of equally large groups: the earliest sample
        record_choice(state, tied, grouped, winner, len(sols),
                      f"{len(tied)} samples pass {top} visible tests; most frequent behaviour among them")


@register_protocol("best_of_n")
def best_of_n_protocol(settings: DebateSettings) -> Protocol:
    options = parse_options(SamplingOptions, settings)
    return Protocol(
        name="best_of_n",
        mode="best_of_n",
        opening=(SamplePhase(options), BestVisibleSelect()),
        later=(),
        stop_rules=(SamplingStop(options),),
        cast=cast_pool,
        select_final=chosen,
        extensions=(SAMPLING_EXTENSION,),
    )
