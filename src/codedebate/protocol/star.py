"""star: agents answer alone; each later round a judge evaluates every answer and each agent
reads only its own evaluation (never a peer's answer or evaluation), until the judge writes the
consensus line or the rounds run out. Final answer: majority (or best by visible tests, code)."""

from __future__ import annotations

from .options import parse_options
from .registry import BackendFor, Protocol, agent_id, register_protocol
from .settings import DebateSettings, SettingsError
from .state import Agent
from .stop_rules import ConsensusStop, MaxRounds
from .topology.cast import cast_peers
from .topology.columns import TOPOLOGY_COLUMNS
from .topology.final import final_rule
from .topology.options import StarOptions
from .topology.phases import AnswerPhase, JudgePhase, StarRevisePhase


def cast_star(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """The agents of ``settings.agents`` and the judge of ``settings.judge`` (required)."""
    if not settings.judge:
        raise SettingsError("settings", "judge", "star needs a judge model; set judge, e.g. to the agents' model")
    agents, _ = cast_peers(settings, backend_for)
    judge = Agent(agent_id("judge", settings.judge), 0, settings.judge, "judge", backend_for(settings.judge))
    return agents, judge


@register_protocol("star")
def star_protocol(settings: DebateSettings) -> Protocol:
    opts = parse_options(StarOptions, settings)
    return Protocol(
        name="star",
        mode="star",
        opening=(AnswerPhase(opts.temperature, opts.olympiad, opts.final),),
        later=(JudgePhase(opts.judge_temperature, opts.olympiad), StarRevisePhase(opts.temperature, opts.olympiad)),
        stop_rules=(ConsensusStop(), MaxRounds(1 + opts.rounds)),
        cast=cast_star,
        select_final=final_rule(opts.final),
        extensions=(TOPOLOGY_COLUMNS,),
    )
