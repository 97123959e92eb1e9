"""Helpers for protocol tests: tiny tasks, code variants, a scripted responder, a run driver."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from codedebate.backends.base import ChatRequest
from codedebate.backends.scripted import ScriptedBackend
from codedebate.executor import Executor, ExecutorSettings
from codedebate.protocol import DebateSettings, RunContext, get_protocol, run_protocol
from codedebate.tasks import Task, load_task

DATA = Path(__file__).parent / "data"

# Solutions of tiny_add (4 visible tests) that pass a known number of visible tests.
ADD = {
    4: "def add(a, b):\n    return a + b\n",
    3: "def add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n",  # fails test_add_negative
    2: "def add(a, b):\n    return abs(a) + abs(b)\n",  # fails negative and mixed
    1: "def add(a, b):\n    return 0\n",  # passes test_add_zero only
}
SKELETON = "def add(a, b):\n    \"\"\"Add.\"\"\"\n    raise NotImplementedError\n"
SYNTAX_ERROR = "def add(a, b)\n    return a + b\n"


def fenced(code: str) -> str:
    return f"Here is my solution:\n```python\n{code}```\n"


Responder = Callable[[ChatRequest], "str | dict"]


def make_executor():
    """The real executor (pytest in a sandboxed subprocess, no cache)."""
    return Executor(ExecutorSettings(timeout_s=30.0, metrics=True), cache_dir=None)


def meta(request: ChatRequest) -> tuple[str, int, int, int]:
    """(phase, agent number, round, part) of a request, from the ids the protocol sets."""
    m = request.meta
    number = int(m["agent"].split("_")[1]) if m["agent"].startswith("agent_") else 0
    return m["phase"], number, m["round"], m.get("part", 0)


def responder(proposals: dict[int, str], revisions: dict[tuple[int, int], str] | None = None,
              votes: dict[int, str] | None = None, critique: str = "### Agent 1\nBUGS: none") -> Responder:
    """Replies by phase: proposals[agent], revisions[(agent, round)] (default: resend the proposal)."""
    revisions = revisions or {}
    votes = votes or {}

    def answer(request: ChatRequest) -> str:
        phase, number, round_no, _ = meta(request)
        if phase == "propose":
            return fenced(proposals[number])
        if phase == "revise":
            return fenced(revisions.get((number, round_no), proposals.get(number, ADD[4])))
        if phase == "critique":
            return critique
        return votes.get(number, "VOTE: ABSTAIN\nCONFIDENCE: 0.5\nREASONING: unsure")

    return answer


class Run:
    """A finished run plus the scripted backends it used."""

    def __init__(self, state, backends: dict[str, ScriptedBackend]) -> None:
        self.state, self.backends = state, backends

    @property
    def requests(self) -> list[ChatRequest]:
        return [r for b in self.backends.values() for r in b.requests]


def run_debate(task: Task, executor, answer: Responder, **settings) -> Run:
    """Run the protocol the settings name with scripted backends (one per model name)."""
    s = DebateSettings().replace(**{"agents": ["m1", "m2", "m3"], **settings})
    backends: dict[str, ScriptedBackend] = {}

    def backend_for(model: str) -> ScriptedBackend:
        return backends.setdefault(model, ScriptedBackend(answer, name=model))

    state = asyncio.run(run_protocol(get_protocol(s), task, s, backend_for, RunContext(executor)))
    return Run(state, backends)
