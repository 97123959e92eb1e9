"""What phases use besides the state: the executor, the model-call wrapper, progress events."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from codedebate.backends.base import BackendError, ChatRequest, ChatResponse, Message
from codedebate.executor.results import ExecutionResult
from codedebate.tasks import Task, kind_of

from .state import Agent, CallRecord, DebateState


class AsyncExecutor(Protocol):
    """The part of the executor the protocol uses."""

    async def arun(self, task: Task, files: dict[str, str], hidden: bool = False) -> ExecutionResult: ...


class ProgressSink(Protocol):
    """Receives progress events: ("round", round=n), ("phase", round=n, phase=p), ("call", ...), ("stop", reason=r)."""

    def __call__(self, event: str, **info: Any) -> None: ...


def no_progress(event: str, **info: Any) -> None:
    """The default progress sink: ignore events."""


class AgentCallError(BackendError):
    """A backend failed while serving an agent; names the agent, model, phase and round."""

    def __init__(self, agent: Agent, phase: str, round_no: int, cause: BaseException) -> None:
        self.agent, self.phase, self.round, self.cause = agent, phase, round_no, cause
        super().__init__(
            f"model '{agent.model}' failed for {agent.id} in the {phase} phase of round {round_no}: {cause}"
        )


def call_seed(base: int, agent_number: int, round_no: int, phase: str, part: int = 0) -> int:
    """A deterministic per-call seed, different for each agent, round, phase and file part."""
    key = f"{base}:{agent_number}:{round_no}:{phase}:{part}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:4], "big") & 0x7FFFFFFF


@dataclass
class RunContext:
    """Services for phases: test candidates, call models (recording each call), report progress."""

    executor: AsyncExecutor
    progress: ProgressSink = field(default=no_progress)
    execution_seconds: float = 0.0

    async def test(self, task: Task, files: dict[str, str], hidden: bool = False) -> ExecutionResult:
        """Score the candidate's files on the visible (or hidden) checks, as the task's kind scores
        them (code: pytest in the executor, metrics included); time it."""
        start = time.monotonic()
        result = await kind_of(task).score(task, files, self.executor, hidden=hidden)
        self.execution_seconds += time.monotonic() - start
        return result

    async def chat(
        self,
        state: DebateState,
        agent: Agent,
        phase: str,
        round_no: int,
        messages: Sequence[Message],
        temperature: float,
        part: int = 0,
    ) -> ChatResponse:
        """Send one request for ``agent`` and record it in the state's transcript."""
        request = ChatRequest(
            messages=tuple(messages),
            temperature=round(temperature, 4),
            seed=call_seed(state.settings.seed, agent.number, round_no, phase, part),
            max_tokens=state.settings.max_tokens,
            meta={"agent_id": agent.id, "agent": agent.short_id, "model": agent.model, "role": agent.role,
                  "phase": phase, "round": round_no, "part": part},
        )
        index = state.next_call_index()  # taken at the start: concurrent calls keep a stable order
        start = time.monotonic()
        try:
            response = await agent.backend.chat(request)
        except AgentCallError:
            raise
        except BackendError as exc:
            raise AgentCallError(agent, phase, round_no, exc) from exc
        if response.seconds <= 0:  # backends time their own calls; keep ours if they did not
            response = ChatResponse(response.text, response.model, response.prompt_tokens,
                                    response.completion_tokens, time.monotonic() - start, response.finish_reason)
        state.calls.append(CallRecord(index, agent, phase, round_no, request, response, started=start))
        self.progress("call", agent=agent.id, phase=phase, round=round_no, tokens=response.completion_tokens,
                      seconds=response.seconds, finish_reason=response.finish_reason,
                      model=agent.model, messages=request.messages, reply=response.text)
        return response
