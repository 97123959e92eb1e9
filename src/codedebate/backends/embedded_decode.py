"""What both embedded decoding engines share (``embedded_batch`` rows, ``embedded_lanes``): queued
calls, the reply's stop rules, the sampler chain, counters and the raw llama.cpp steps."""

from __future__ import annotations

import queue
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from codedebate.backends.embedded_prompt import PreparedCall

PROBE = b"def add(a: int, b: int) -> int:\n    return a + b\n"  # any short text works (see the calibrations)


@dataclass
class BatchStats:
    """Counters since the engine started (for benchmarks and tests)."""

    steps: int = 0
    prompt_tokens: int = 0  # prompt tokens of all calls
    decoded_prompt_tokens: int = 0  # prompt tokens actually decoded (the rest came from the prefix cache)
    generated_tokens: int = 0
    max_active: int = 0  # most sequences decoded in one step
    prompt_seconds: float = 0.0  # decoding prompts (and the prefix cache)
    prompt_wall_seconds: float = 0.0  # wall time when prompts were decoding and no call was generating
    step_seconds: float = 0.0  # generation steps: decoding plus sampling


@dataclass
class CallResult:
    """What one sequence produced."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str  # "stop" | "length"
    seconds: float


@dataclass
class Job:
    call: PreparedCall
    future: Future[CallResult]
    submitted: float = field(default_factory=time.perf_counter)


class Reply:
    """The tokens a call has generated and when it is done (create_completion's stop rules)."""

    def __init__(self, call: PreparedCall) -> None:
        self.call = call
        self.tokens: list[int] = []
        self.multibyte_fix = 0

    def push(self, llm: Any, tok: int, end_of_generation: bool) -> tuple[bytes, str] | None:
        """Take the sampled token; (text, finish reason) once the reply is complete, else None."""
        if end_of_generation:
            return self.text(llm), "stop"
        self.tokens.append(tok)
        text = self.text(llm)
        for k, char in enumerate(text[-3:]):  # create_completion's wait for a whole UTF-8 character
            k = 3 - k
            for num, pattern in ((2, 192), (3, 224), (4, 240)):
                if num > k and pattern & char == pattern:
                    self.multibyte_fix = num - k
        if self.multibyte_fix > 0:
            self.multibyte_fix -= 1
        else:
            hits = [stop for stop in self.call.stop if stop in text]
            if hits:
                return text[:text.index(hits[0])], "stop"
        if len(self.tokens) >= self.call.max_tokens:
            return text, "length"
        return None

    def text(self, llm: Any) -> bytes:
        return llm.detokenize(self.tokens, prev_tokens=list(self.call.tokens))


def common_prefix(a: tuple[int, ...] | list[int], b: tuple[int, ...] | list[int]) -> int:
    """Length of the longest common prefix of two token lists."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def new_sampler(llama_cpp: Any, call: PreparedCall, n_vocab: int, last_n: int) -> Any:
    """The chain Llama._init_sampler builds (penalties, then greedy or top-k/typical/top-p/min-p/temp/dist)."""
    chain = llama_cpp.llama_sampler_chain_init(llama_cpp.llama_sampler_chain_default_params())
    add = lambda s: llama_cpp.llama_sampler_chain_add(chain, s)  # noqa: E731
    add(llama_cpp.llama_sampler_init_penalties(n_vocab, last_n, call.repeat_penalty, call.frequency_penalty,
                                               call.presence_penalty))
    if call.temperature < 0.0:
        add(llama_cpp.llama_sampler_init_dist(call.seed))
    elif call.temperature == 0.0:
        add(llama_cpp.llama_sampler_init_greedy())
    else:
        add(llama_cpp.llama_sampler_init_top_k(call.top_k))
        add(llama_cpp.llama_sampler_init_typical(call.typical_p, 1))
        add(llama_cpp.llama_sampler_init_top_p(call.top_p, 1))
        add(llama_cpp.llama_sampler_init_min_p(call.min_p, 1))
        add(llama_cpp.llama_sampler_init_temp(call.temperature))
        add(llama_cpp.llama_sampler_init_dist(call.seed))
    return chain


def collect(jobs: "queue.Queue[Job | None]", first: Job, window_s: float, limit: int) -> tuple[list[Job], bool]:
    """``first`` plus the calls that arrive within ``window_s`` (a phase's calls arrive together), at
    most ``limit``; True when close() was asked meanwhile."""
    batch = [first]
    deadline = time.perf_counter() + window_s
    while len(batch) < limit:
        try:
            job = jobs.get(timeout=max(0.0, deadline - time.perf_counter()))
        except queue.Empty:
            break
        if job is None:
            return batch, True
        batch.append(job)
    return batch, False


def decode(lc: Any, ctx: Any, batch: Any, entries: list[tuple[int, int, int, bool]]) -> None:
    """One llama_decode of (seq_id, token, pos, wants_logits) entries through ``batch``."""
    for i, (seq, tok, pos, logits) in enumerate(entries):
        batch.token[i] = tok
        batch.pos[i] = pos
        batch.n_seq_id[i] = 1
        batch.seq_id[i][0] = seq
        batch.logits[i] = logits
    batch.n_tokens = len(entries)
    rc = lc.llama_decode(ctx, batch)
    if rc != 0:
        raise RuntimeError(f"llama_decode failed with code {rc} (batch of {len(entries)} tokens)")


def logits_row(lc: Any, ctx: Any, index: int, n_vocab: int) -> Any:
    """A copy of the logits of output ``index`` of the last decode (-1: the last)."""
    import numpy as np

    return np.ctypeslib.as_array(lc.llama_get_logits_ith(ctx, index), shape=(n_vocab,)).copy()
