"""Who takes part in star and mesh: one agent per ``settings.agents`` entry (at least two)."""

from __future__ import annotations

from ..registry import BackendFor, agent_id
from ..settings import DebateSettings, SettingsError
from ..state import Agent


def cast_peers(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """Agents 1..N (role proposer), no judge."""
    if len(settings.agents) < 2:
        raise SettingsError("settings", "agents", f"{settings.protocol} needs at least 2 agents, got {len(settings.agents)}")
    agents = [Agent(agent_id(f"agent_{i}", m), i, m, "proposer", backend_for(m))
              for i, m in enumerate(settings.agents, start=1)]
    return agents, None
