"""Protocols by name: a protocol is a composition of phases, stop rules and a final-answer rule.

New protocols (star debate, majority vote, stability-based stopping) register a factory here;
the orchestrator runs any of them unchanged.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from codedebate.backends import resolve
from codedebate.backends.base import Backend

from .extensions import RecordExtension
from .phases import Phase
from .selection import best_across_rounds
from .settings import DebateSettings, SettingsError
from .state import Agent, DebateState, Solution
from .stop_rules import StopRule

BackendFor = Callable[[str], Backend]
BUILTIN_MODULES = ("codedebate.protocol.debate", "codedebate.protocol.solo", "codedebate.protocol.star",
                   "codedebate.protocol.mesh", "codedebate.protocol.swe_debate", "codedebate.protocol.judge_debate",
                   "codedebate.protocol.baselines.best_of_n", "codedebate.protocol.baselines.majority_vote",
                   "codedebate.protocol.baselines.self_repair")


@dataclass(frozen=True)
class Protocol:
    """What a run does: round-1 phases, later-round phases, when to stop, what to answer."""

    name: str
    mode: str  # summary "mode": debate | solo | ...
    opening: tuple[Phase, ...]
    later: tuple[Phase, ...]
    stop_rules: tuple[StopRule, ...]
    cast: Callable[[DebateSettings, BackendFor], tuple[list[Agent], Agent | None]]
    select_final: Callable[[DebateState], Solution] = field(default=best_across_rounds)
    extensions: tuple[RecordExtension, ...] = ()  # record columns this protocol adds

    def phases_for(self, round_no: int) -> tuple[Phase, ...]:
        return self.opening if round_no == 1 else self.later


ProtocolFactory = Callable[[DebateSettings], Protocol]
_FACTORIES: dict[str, ProtocolFactory] = {}


def register_protocol(name: str) -> Callable[[ProtocolFactory], ProtocolFactory]:
    """Decorator: register a factory ``settings -> Protocol`` under ``name``."""

    def deco(factory: ProtocolFactory) -> ProtocolFactory:
        _FACTORIES[name] = factory
        return factory

    return deco


def _load_builtins() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


def protocol_names() -> list[str]:
    _load_builtins()
    return sorted(_FACTORIES)


def get_protocol(settings: DebateSettings, source: str = "settings") -> Protocol:
    """Build the protocol the settings name, or fail naming the known ones."""
    _load_builtins()
    factory = _FACTORIES.get(settings.protocol)
    if factory is None:
        raise SettingsError(source, "protocol", f"unknown protocol {settings.protocol!r} "
                                                f"(known: {', '.join(sorted(_FACTORIES))})")
    return factory(settings)


def agent_id(prefix: str, model: str) -> str:
    """A readable agent id, e.g. agent_1_qwen2.5-coder-0.5b."""
    short = resolve(model)[1].split("@", 1)[0].rstrip("/").rsplit("/", 1)[-1]  # no prefix, folders, @server
    return f"{prefix}_" + re.sub(r"[^\w.:-]+", "_", short)
