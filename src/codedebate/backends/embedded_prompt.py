"""Turn a chat request into what llama.cpp decodes: prompt tokens, stop strings, sampler settings.

The batched embedded path must format, tokenize and sample exactly like the sequential path
(``Llama.create_chat_completion``). Rather than re-implement llama-cpp-python's chat formats and
defaults, we run ``create_chat_completion`` itself on a stand-in model that records the
``create_completion`` call it would make (prompt tokens, stop strings, sampler settings), and
stops there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codedebate.backends.base import ChatRequest

LLAMA_DEFAULT_SEED = 0xFFFFFFFF  # llama.cpp: pick a random seed


@dataclass(frozen=True)
class PreparedCall:
    """One request ready to decode: tokens, limits and the sampler chain's settings."""

    tokens: tuple[int, ...]
    max_tokens: int
    stop: tuple[bytes, ...]
    temperature: float
    seed: int
    top_k: int = 40
    top_p: float = 0.95
    min_p: float = 0.05
    typical_p: float = 1.0
    repeat_penalty: float = 1.0
    frequency_penalty: float = 0.0
    presence_penalty: float = 0.0


class _Captured(Exception):
    def __init__(self, kwargs: dict[str, Any]) -> None:
        super().__init__("captured")
        self.kwargs = kwargs


class _RecordingLlama:
    """Delegates everything to the real ``Llama`` except ``create_completion``, which it records."""

    def __init__(self, llm: Any) -> None:
        self._llm = llm

    def __getattr__(self, name: str) -> Any:
        return getattr(self._llm, name)

    def create_completion(self, **kwargs: Any) -> Any:
        raise _Captured(kwargs)


def prepare(llm: Any, request: ChatRequest, seed: int | None, n_ctx: int) -> PreparedCall:
    """Format and tokenize ``request`` as the sequential path does; ValueError if it cannot fit n_ctx."""
    messages = [{"role": m.role, "content": m.content} for m in request.messages]
    try:  # Llama.create_chat_completion with a recording stand-in as self: same handler, same defaults
        type(llm).create_chat_completion(_RecordingLlama(llm), messages=messages, temperature=request.temperature,
                                         seed=seed, max_tokens=request.max_tokens, stop=list(request.stop) or None)
    except _Captured as captured:
        kw = captured.kwargs
    else:  # pragma: no cover - a handler that never calls create_completion
        raise RuntimeError(f"chat format {llm.chat_format!r} did not produce a completion call")
    if kw.get("grammar") is not None or kw.get("logits_processor") is not None:
        raise ValueError(f"chat format {llm.chat_format!r} needs a grammar or logits processor; "
                         "the batched path does not support it (set the backend option batch: false)")
    prompt = kw["prompt"]
    tokens = tuple(prompt if isinstance(prompt, list) else llm.tokenize(prompt.encode("utf-8"), special=True))
    if len(tokens) >= n_ctx:
        raise ValueError(f"Requested tokens ({len(tokens)}) exceed context window of {n_ctx}")
    max_tokens = kw.get("max_tokens")
    if max_tokens is None or max_tokens <= 0 or max_tokens + len(tokens) >= n_ctx:
        max_tokens = n_ctx - len(tokens)  # create_completion's rule
    stop = kw.get("stop") or []
    stop = [stop] if isinstance(stop, str) else stop
    return PreparedCall(
        tokens=tokens, max_tokens=int(max_tokens), stop=tuple(s.encode("utf-8") for s in stop),
        temperature=float(kw["temperature"]),
        seed=(seed if seed is not None else LLAMA_DEFAULT_SEED) & 0xFFFFFFFF,
        top_k=int(kw["top_k"]), top_p=float(kw["top_p"]), min_p=float(kw["min_p"]),
        typical_p=float(kw["typical_p"]), repeat_penalty=float(kw["repeat_penalty"]),
        frequency_penalty=float(kw["frequency_penalty"]), presence_penalty=float(kw["presence_penalty"]),
    )
