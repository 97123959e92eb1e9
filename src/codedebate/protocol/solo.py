"""Solo: one model, one attempt — the baseline every debate is compared with."""

from __future__ import annotations

from .phases import ProposePhase
from .registry import BackendFor, Protocol, agent_id, register_protocol
from .settings import DebateSettings, SettingsError
from .state import Agent
from .stop_rules import SOLO, MaxRounds


def cast_solo(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """The first agent's model alone; a judge or several different models is a settings error."""
    if len(set(settings.agents)) > 1:
        raise SettingsError("settings", "agents", f"solo runs one model, got {len(set(settings.agents))} "
                                                  f"different ones: {', '.join(dict.fromkeys(settings.agents))}")
    if settings.judge:
        raise SettingsError("settings", "judge", "solo runs have no judge; set judge to null")
    model = settings.agents[0]
    return [Agent(agent_id("solo_1", model), 1, model, "solo", backend_for(model))], None


@register_protocol("solo")
def solo_protocol(settings: DebateSettings) -> Protocol:
    return Protocol(
        name="solo",
        mode="solo",
        opening=(ProposePhase(),),
        later=(),
        stop_rules=(MaxRounds(1, reason=SOLO),),
        cast=cast_solo,
    )
