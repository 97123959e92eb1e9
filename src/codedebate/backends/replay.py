"""Answer every model call from a recorded run's transcript: a rerun with no model at all.

A call is matched to the recorded call with the same agent, phase and round (the n-th such call
to the n-th recorded one), then its messages, temperature and seed must equal the recorded
ones. Anything else is a :class:`ReplayMismatch` naming the call and the first differing line:
code or settings changed since the run was recorded.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from codedebate.backends.base import Backend, BackendError, ChatRequest, ChatResponse


class ReplayMismatch(BackendError):
    """A call the transcript does not hold (another prompt, option or call count)."""


@dataclass(frozen=True)
class RecordedCall:
    """One transcript row: what was sent and what came back."""

    index: int
    agent_id: str
    model: str
    phase: str
    round: int
    temperature: float
    seed: int | None
    messages: tuple[tuple[str, str], ...]
    reply: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str

    @property
    def where(self) -> str:
        return f"call {self.index} ({self.agent_id}, {self.phase}, round {self.round})"


def _int(value: Any, default: int | None = 0) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):  # None, NaN, pandas NA
        return default


def _float(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def _str(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) else default


def recorded_calls(rows: Iterable[Mapping[str, Any]]) -> list[RecordedCall]:
    """Transcript rows (``transcript.parquet`` as dicts) as recorded calls, in call order."""
    calls = []
    for r in rows:
        messages = tuple((m["role"], m["content"]) for m in json.loads(r["prompt"]))
        calls.append(RecordedCall(
            index=int(r["call_index"]), agent_id=str(r["agent_id"]), model=str(r["model"]),
            phase=str(r["phase"]), round=int(r["round_num"]), temperature=float(r["temperature"]),
            seed=_int(r["seed"], None), messages=messages, reply=_str(r["reply"]),
            prompt_tokens=_int(r["prompt_tokens"]) or 0, completion_tokens=_int(r["completion_tokens"]) or 0,
            seconds=_float(r["seconds"]), finish_reason=_str(r["finish_reason"], "stop")))
    return sorted(calls, key=lambda c: c.index)


def first_difference(recorded: tuple[tuple[str, str], ...], sent: tuple[tuple[str, str], ...]) -> str:
    """Where two message lists first differ, as 'message M (role) line L' and both lines."""
    for m, (old, new) in enumerate(zip(recorded, sent), start=1):
        if old == new:
            continue
        if old[0] != new[0]:
            return f"message {m}: role {old[0]!r} recorded, {new[0]!r} now"
        old_lines, new_lines = old[1].split("\n"), new[1].split("\n")
        for n, (a, b) in enumerate(zip(old_lines, new_lines), start=1):
            if a != b:
                return f"message {m} ({new[0]}) line {n}:\n  recorded: {a!r}\n  now:      {b!r}"
        n = min(len(old_lines), len(new_lines)) + 1
        a = old_lines[n - 1] if n <= len(old_lines) else "<end of message>"
        b = new_lines[n - 1] if n <= len(new_lines) else "<end of message>"
        return f"message {m} ({new[0]}) line {n}:\n  recorded: {a!r}\n  now:      {b!r}"
    return f"{len(recorded)} message(s) recorded, {len(sent)} sent now"


class Transcript:
    """The recorded calls of one run, handed out once each, keyed by (agent, phase, round)."""

    def __init__(self, calls: list[RecordedCall], backend_info: Mapping[str, Any] | None = None) -> None:
        self.calls = calls
        self.backend_info = dict(backend_info or {})
        self._by_key: dict[tuple[str, str, int], list[RecordedCall]] = defaultdict(list)
        for call in calls:
            self._by_key[(call.agent_id, call.phase, call.round)].append(call)
        self._used: dict[tuple[str, str, int], int] = defaultdict(int)

    def take(self, request: ChatRequest) -> RecordedCall:
        """The recorded call that answers ``request``, or ReplayMismatch saying what differs."""
        meta = request.meta
        key = (str(meta.get("agent_id")), str(meta.get("phase")), int(meta.get("round", 0)))
        n = self._used[key]
        recorded = self._by_key.get(key, [])
        if n >= len(recorded):
            raise ReplayMismatch(
                f"replay: the run now makes call {n + 1} of {key[0]} in the {key[1]} phase of round "
                f"{key[2]}, but the transcript has {len(recorded)} such call(s); code or settings changed")
        call = recorded[n]
        sent = tuple((m.role, m.content) for m in request.messages)
        if sent != call.messages:
            raise ReplayMismatch(f"replay: {call.where}: the prompt differs from the transcript at "
                                 f"{first_difference(call.messages, sent)}")
        if not math.isclose(request.temperature, call.temperature, abs_tol=1e-9) or request.seed != call.seed:
            raise ReplayMismatch(f"replay: {call.where}: temperature/seed {request.temperature}/{request.seed} "
                                 f"now, {call.temperature}/{call.seed} recorded")
        self._used[key] = n + 1
        return call

    def unused(self) -> list[RecordedCall]:
        """Recorded calls no request asked for (the rerun made fewer calls)."""
        return [c for key, calls in self._by_key.items() for c in calls[self._used[key]:]]

    def backend(self, model: str) -> ReplayBackend:
        return ReplayBackend(self, model)


class ReplayBackend(Backend):
    """One model's view of a transcript; describes itself as the recorded backend did."""

    def __init__(self, transcript: Transcript, model: str) -> None:
        self.transcript, self.name = transcript, model

    async def chat(self, request: ChatRequest) -> ChatResponse:
        call = self.transcript.take(request)
        if call.model != self.name:
            raise ReplayMismatch(f"replay: {call.where} was answered by {call.model!r}, now asked of {self.name!r}")
        return ChatResponse(call.reply, call.model, call.prompt_tokens, call.completion_tokens,
                            call.seconds, call.finish_reason)

    def describe(self) -> dict[str, Any]:
        return dict(self.transcript.backend_info.get(self.name) or {"name": self.name})
