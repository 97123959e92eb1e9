"""Call records: one transcript row (records.TRANSCRIPT_COLUMNS) per model call.

Usage by the protocol::

    log = CallLog(debate_id)
    backend = RecordingBackend(get_backend(name), log)   # or log.record(request, response)
    await backend.chat(ChatRequest(..., meta={"agent_id": "agent_1", "role": "proposer",
                                              "phase": "propose", "round": 1}))
    log.frame()  # -> DataFrame conforming to the transcript table

Meta keys read: agent_id (or agent), role, phase, round_num (or round), and model (the name
the user wrote; default: the backend's canonical name, e.g. ``ollama:qwen2.5-coder:7b``). Calls are numbered in
the order they start, so concurrent calls keep a stable order. Failed calls are not recorded
(a failed call fails the run).
"""

from __future__ import annotations

import itertools
import json
import threading
from typing import Any

import pandas as pd

from codedebate.backends.base import Backend, ChatRequest, ChatResponse
from codedebate.records import conform


class CallLog:
    """Collects transcript rows for one run."""

    def __init__(self, debate_id: str = "") -> None:
        self.debate_id = debate_id
        self.rows: list[dict[str, Any]] = []
        self._counter = itertools.count()
        self._lock = threading.Lock()

    def next_index(self) -> int:
        """Reserve the next call index (take it when a call starts)."""
        with self._lock:
            return next(self._counter)

    def record(self, request: ChatRequest, response: ChatResponse, call_index: int | None = None) -> dict[str, Any]:
        """Append and return the transcript row of one finished call."""
        meta = request.meta
        row = {
            "debate_id": self.debate_id,
            "call_index": self.next_index() if call_index is None else call_index,
            "agent_id": meta.get("agent_id", meta.get("agent")),
            "model": meta.get("model", response.model),
            "role": meta.get("role"),
            "phase": meta.get("phase"),
            "round_num": meta.get("round_num", meta.get("round")),
            "temperature": request.temperature,
            "seed": request.seed,
            "prompt_tokens": response.prompt_tokens,
            "completion_tokens": response.completion_tokens,
            "seconds": response.seconds,
            "finish_reason": response.finish_reason,
            "prompt": json.dumps([{"role": m.role, "content": m.content} for m in request.messages],
                                 ensure_ascii=False),
            "reply": response.text,
        }
        with self._lock:
            self.rows.append(row)
        return row

    def frame(self) -> pd.DataFrame:
        """The rows, ordered by call index, with the transcript table's columns and dtypes."""
        rows = sorted(self.rows, key=lambda r: r["call_index"])
        return conform(pd.DataFrame(rows), "transcript")

    def totals(self) -> dict[str, float]:
        """Prompt/completion tokens and model seconds summed over the calls."""
        return {
            "prompt_tokens": sum(r["prompt_tokens"] for r in self.rows),
            "completion_tokens": sum(r["completion_tokens"] for r in self.rows),
            "seconds": sum(r["seconds"] for r in self.rows),
        }


class RecordingBackend(Backend):
    """Wraps a backend so that every answered call lands in a CallLog."""

    def __init__(self, backend: Backend, log: CallLog) -> None:
        self.inner = backend
        self.log = log
        self.name = backend.name

    async def chat(self, request: ChatRequest) -> ChatResponse:
        index = self.log.next_index()
        response = await self.inner.chat(request)
        self.log.record(request, response, call_index=index)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()
