"""Helpers for the star and mesh tests: run a protocol on a task with one scripted backend per model."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from codedebate.backends.base import ChatRequest
from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, RunContext, get_protocol, run_protocol
from codedebate.protocol.run_records import build_records

from .helpers import Run


def run_topology(task, executor, answer: Callable[[ChatRequest], str], protocol: str, agents: int = 2,
                 judge: str | None = None, **options) -> Run:
    """Run star/mesh with agents m1..mN (and judge model ``judge``) answering through ``answer``."""
    s = DebateSettings().replace(agents=[f"m{i}" for i in range(1, agents + 1)], judge=judge,
                                 protocol=protocol, protocol_options=options)
    backends: dict[str, ScriptedBackend] = {}

    def backend_for(model: str) -> ScriptedBackend:
        return backends.setdefault(model, ScriptedBackend(answer, name=model))

    state = asyncio.run(run_protocol(get_protocol(s), task, s, backend_for, RunContext(executor)))
    return Run(state, backends)


def records(run: Run):
    s = run.state.settings
    ident = {"debate_id": "run-1", "experiment": s.protocol, "protocol": s.protocol, "mode": s.protocol}
    return build_records(run.state, ident, get_protocol(s).extensions)


def user_text(request: ChatRequest) -> str:
    return "\n".join(m.content for m in request.messages)
