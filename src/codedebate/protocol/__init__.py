"""Debate protocols: settings, state, phases, stop rules, the orchestrator and the registry."""

from .context import AgentCallError, RunContext
from .orchestrator import run_protocol
from .registry import Protocol, get_protocol, protocol_names, register_protocol
from .settings import DebateSettings, SettingsError
from .state import DebateState

__all__ = [
    "AgentCallError",
    "DebateSettings",
    "DebateState",
    "Protocol",
    "RunContext",
    "SettingsError",
    "get_protocol",
    "protocol_names",
    "register_protocol",
    "run_protocol",
]
