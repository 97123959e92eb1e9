"""mesh: every agent answers alone, then each round reads every peer's answer and reasoning and
answers again; the final answer is the majority (or the best by visible tests, code only)."""

from __future__ import annotations

from dataclasses import dataclass

from .options import parse_options
from .registry import Protocol, register_protocol
from .settings import DebateSettings, SettingsError
from .state import DebateState
from .stop_rules import CONSENSUS, MaxRounds
from .topology.answers import group_key
from .topology.cast import cast_peers
from .topology.columns import TOPOLOGY_COLUMNS
from .topology.final import final_rule
from .topology.options import MeshOptions
from .topology.phases import AnswerPhase, MeshPhase


@dataclass(frozen=True)
class AgreementStop:
    """Stop once every agent's answer of this round is the same (mesh, when asked); code answers
    compare by visible-test outcomes only."""

    def __call__(self, state: DebateState) -> str:
        keys = {group_key(s) for s in state.current.solutions.values()}
        return CONSENSUS if len(keys) == 1 and "" not in keys else ""


@register_protocol("mesh")
def mesh_protocol(settings: DebateSettings) -> Protocol:
    if settings.judge:
        raise SettingsError("settings", "judge", "mesh has no judge; set judge to null (star uses one)")
    opts = parse_options(MeshOptions, settings)
    stops = ((AgreementStop(),) if opts.stop_on_agreement else ()) + (MaxRounds(1 + opts.rounds),)
    return Protocol(
        name="mesh",
        mode="mesh",
        opening=(AnswerPhase(opts.temperature, opts.olympiad, opts.final),),
        later=(MeshPhase(opts.temperature, opts.olympiad),),
        stop_rules=stops,
        cast=cast_peers,
        select_final=final_rule(opts.final),
        extensions=(TOPOLOGY_COLUMNS,),
    )
