"""The one interface every LLM backend implements, and the call record it returns."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


class BackendError(RuntimeError):
    """A backend could not answer (server down, model missing, timeout, empty reply).

    Never caught to fake an answer: the run fails and says why.
    """


class Retry(Exception):
    """Raised by one attempt of a backend call when another attempt may succeed; says what failed."""


async def with_retries(attempt: Callable[[], Awaitable[T]], retries: int, backoff_s: float) -> T:
    """Run ``attempt`` up to ``retries + 1`` times, waiting ``backoff_s`` doubling between tries,
    while it raises :class:`Retry`; after the last try that Retry propagates."""
    for i in range(retries + 1):
        if i:
            await asyncio.sleep(backoff_s * 2 ** (i - 1))
        try:
            return await attempt()
        except Retry:
            if i == retries:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


@dataclass(frozen=True)
class Message:
    role: str  # "system" | "user" | "assistant"
    content: str


@dataclass(frozen=True)
class ChatRequest:
    messages: tuple[Message, ...]
    temperature: float = 0.7
    seed: int | None = None
    max_tokens: int | None = None
    stop: tuple[str, ...] = ()
    # who is asking: role ("proposer"/"judge"), phase, round; recorded, never sent to the model
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ChatResponse:
    text: str
    model: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str = "stop"  # "stop" | "length" (truncated)


class Backend(ABC):
    """An async chat model. One instance per model name."""

    name: str

    @abstractmethod
    async def chat(self, request: ChatRequest) -> ChatResponse:
        """Answer one chat request or raise BackendError."""

    async def aclose(self) -> None:  # noqa: B027 - optional hook
        """Release resources (HTTP sessions, model memory)."""

    def describe(self) -> dict[str, Any]:
        """What a run record should keep to say exactly which model answered (name, file, version)."""
        return {"name": self.name}
