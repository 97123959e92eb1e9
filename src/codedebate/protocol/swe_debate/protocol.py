"""swe_debate: localise (graph + fault chains), argue from three perspectives over rounds, vote a
chain, write a validated fix plan, then search patches scored by the repository's tests."""

from __future__ import annotations

from ..debate import cast_debate
from ..options import parse_options
from ..registry import Protocol, register_protocol
from ..settings import DebateSettings
from ..state import DebateState, Solution
from ..stop_rules import MaxRounds
from .localise import LocalisePhase
from .options import SweDebateOptions
from .phases import ArguePhase, ChainVotePhase, PlanPhase, SearchPhase
from .records import extension
from .workspace import Workspace


def final_patch(ws: Workspace):
    def select(state: DebateState) -> Solution:
        """The search's best patch; the unpatched repository when no patch applied."""
        return ws.final or ws.baseline_solution

    return select


@register_protocol("swe_debate")
def swe_debate_protocol(settings: DebateSettings) -> Protocol:
    opts = parse_options(SweDebateOptions, settings)
    ws = Workspace()
    tail = (ChainVotePhase(ws), PlanPhase(ws, opts), SearchPhase(ws, opts))
    return Protocol(
        name="swe_debate", mode="debate",
        opening=(LocalisePhase(ws, opts.top_k, opts.max_depth, opts.max_branches, opts.whole_walks), ArguePhase(ws, opts), *tail),
        later=(ArguePhase(ws, opts), *tail),
        stop_rules=(MaxRounds(settings.max_rounds),),
        cast=cast_debate, select_final=final_patch(ws), extensions=(extension(ws),))
