"""Decoding lanes for the embedded backend: concurrent calls decode side by side, one core each.

Measured on this project's 2-core machine (docs/backends.md, *Lanes*): generating with the default
model is bound by arithmetic, not memory, so decoding three sequences in one ``llama_decode``
costs 2.3-2.5x one sequence, and llama.cpp's threads lose much of a second core waiting for each
other at every layer. Lanes avoid both: every call gets its own llama.cpp context with one thread
(a share of the threads on machines with more cores than calls), and ``lanes`` worker threads (one
per core, at most ``max_seqs``) each take the next call that needs a token and decode one token for
it. Calls never share a ``llama_decode``, so a reply cannot depend on its companions;
prompts are decoded in the sequential path's blocks, so replies equal that path's too.

A call starts on the free context that already holds the longest whole-block prefix of its prompt
(the previous prompt of a run shares the system prompt and task); a prefix shared by calls that
start together is decoded once and copied into the other contexts.
"""

from __future__ import annotations

import ctypes
import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from codedebate.backends.embedded_decode import (PROBE, BatchStats, CallResult, Job, Reply, collect,
                                                 common_prefix, decode, logits_row, new_sampler)
from codedebate.backends.embedded_prompt import PreparedCall

SEQ = 0  # each context holds one sequence


class _Context:
    """One llama.cpp context on the shared model: one sequence, its KV cache and the prompt blocks it holds."""

    def __init__(self, lc: Any, llm: Any, n_ctx: int, block: int) -> None:
        self.lc = lc
        params = type(llm.context_params).from_buffer_copy(llm.context_params)
        params.n_ctx = n_ctx
        params.n_seq_max = 1
        params.n_batch = params.n_ubatch = block
        params.n_threads = params.n_threads_batch = 1
        self.ctx = lc.llama_init_from_model(llm._model.model, params)
        if not self.ctx:
            raise RuntimeError(f"llama.cpp could not create a context of {n_ctx} tokens")
        self.mem = lc.llama_get_memory(self.ctx)
        self.batch = lc.llama_batch_init(block, 0, 1)
        self.cached: list[int] = []  # prompt tokens (whole blocks) whose KV this context holds

    def threads(self, n: int) -> None:
        self.lc.llama_set_n_threads(self.ctx, n, n)

    def decode(self, tokens: list[int] | tuple[int, ...], start: int, logits_last: bool) -> None:
        """One llama_decode of ``tokens`` at positions start, start+1, ..."""
        last = len(tokens) - 1
        decode(self.lc, self.ctx, self.batch,
               [(SEQ, tok, start + i, logits_last and i == last) for i, tok in enumerate(tokens)])

    def keep(self, n: int) -> None:
        """Drop every cell from position n on; the first n cached tokens stay."""
        self.lc.llama_memory_seq_rm(self.mem, SEQ, n, -1)
        self.cached = self.cached[:n]

    def copy_from(self, other: "_Context", n: int) -> None:
        """Take other's first n cached tokens (KV copied, nothing decoded)."""
        size = self.lc.llama_state_seq_get_size(other.ctx, SEQ)
        buf = (ctypes.c_uint8 * size)()
        written = self.lc.llama_state_seq_get_data(other.ctx, buf, size, SEQ)
        self.lc.llama_memory_seq_rm(self.mem, SEQ, -1, -1)
        if not written or not self.lc.llama_state_seq_set_data(self.ctx, buf, written, SEQ):
            raise RuntimeError("llama.cpp could not copy a cached prompt prefix between contexts")
        self.cached = list(other.cached)
        self.keep(n)

    def logits(self, n_vocab: int) -> Any:
        return logits_row(self.lc, self.ctx, -1, n_vocab)

    def free(self) -> None:
        self.lc.llama_batch_free(self.batch)
        self.lc.llama_free(self.ctx)


@dataclass
class _Seq:
    """One call in progress on its context."""

    context: _Context
    job: Job
    sampler: Any
    started: float
    reuse: int  # prompt tokens already in the context's KV cache
    prefilled: bool = False
    reply: Reply = field(init=False)

    def __post_init__(self) -> None:
        self.reply = Reply(self.job.call)


class LaneEngine:
    """Decodes up to ``max_seqs`` calls at once, ``lanes`` of them at any moment, each on one core.

    Same interface as :class:`~codedebate.backends.embedded_batch.BatchEngine`. ``lock`` is the
    model's lock, held while any call is being decoded.
    """

    def __init__(self, llm: Any, lock: threading.Lock, n_ctx: int, max_seqs: int = 4, lanes: int | None = None,
                 window_s: float = 0.05) -> None:
        import llama_cpp

        self._lc = llama_cpp
        self.llm = llm
        self.lock = lock
        self.n_ctx = int(n_ctx)
        self.max_seqs = int(max_seqs)
        self.window_s = float(window_s)
        self.block = int(llm.n_batch)  # prompt blocks: the sequential path's own chunk size
        self.n_threads = max(1, int(llm.n_threads))
        self.stats = BatchStats()
        self._stats_lock = threading.Lock()  # lanes count side by side
        self._prefilling = self._generating = 0  # calls decoding their prompt / generating now
        self._marked = time.perf_counter()
        self.vocab = llm._model.vocab
        self.n_vocab = llm.n_vocab()
        self.contexts = [_Context(llama_cpp, llm, self.n_ctx, self.block) for _ in range(self.max_seqs)]
        wanted = self.n_threads if lanes is None else int(lanes)
        # one lane per core up to max_seqs lanes; on more cores each lane gets a share of the threads
        self.lanes = max(1, min(wanted, self.max_seqs, self.n_threads))
        self.lane_threads = max(1, self.n_threads // self.lanes)
        with self.lock:
            self.thread_invariant = self.calibrate(self.lane_threads)
        if not self.thread_invariant:
            # a lane with fewer threads would not reproduce the sequential path: one lane with the
            # model's threads instead (the sequential path's speed, same replies)
            self.lanes, self.lane_threads = 1, self.n_threads
        for c in self.contexts:
            c.threads(self.lane_threads)
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._ready: queue.Queue[_Seq | None] = queue.Queue()
        self._done = threading.Condition()
        self._in_use: set[int] = set()  # indexes of contexts serving a call
        self._closed = False
        self._workers = [threading.Thread(target=self._lane, name=f"embedded-lane-{i}", daemon=True)
                         for i in range(self.lanes)]
        self._dispatcher = threading.Thread(target=self._dispatch, name="embedded-lanes", daemon=True)
        for t in [*self._workers, self._dispatcher]:
            t.start()

    # ---- public -------------------------------------------------------------------------------
    def submit(self, call: PreparedCall) -> Future[CallResult]:
        """Queue one call; the future gets its CallResult or the exception that stopped it."""
        if self._closed:
            raise RuntimeError("lane engine is closed")
        job = Job(call, Future())
        self._jobs.put(job)
        return job.future

    def close(self) -> None:
        """Finish queued calls, stop the threads and free the contexts."""
        if self._closed:
            return
        self._closed = True
        self._jobs.put(None)
        self._dispatcher.join()
        for _ in self._workers:
            self._ready.put(None)
        for t in self._workers:
            t.join()
        for c in self.contexts:
            c.free()

    def calibrate(self, threads: int) -> bool:
        """Whether ``threads`` threads compute the same logits as the model's (prompt and generation).

        llama.cpp's CPU kernels give each output row to one thread, so the thread count should not
        change a result; checked on a probe because the lanes' equality with the sequential path
        rests on it.
        """
        import numpy as np

        probe = list(self.llm.tokenize(PROBE, add_bos=False))
        one, many = self.contexts[0], self.contexts[-1] if self.max_seqs > 1 else None
        if many is None or threads == self.n_threads:
            return True
        try:
            rows = []
            for context, n in ((one, threads), (many, self.n_threads)):
                context.threads(n)
                context.decode(probe[:-1], 0, True)
                first = context.logits(self.n_vocab)
                context.decode(probe[-1:], len(probe) - 1, True)
                rows.append((first, context.logits(self.n_vocab)))
            return all(np.array_equal(a, b) for a, b in zip(*rows))
        finally:
            for context in (one, many):
                context.keep(0)

    # ---- dispatcher: admits calls into free contexts ------------------------------------------
    def _dispatch(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            pending, stop = collect(self._jobs, first, self.window_s, self.max_seqs)
            with self.lock:
                stop = self._busy(pending) or stop
            if stop:
                return

    def _busy(self, pending: list[Job]) -> bool:
        """Serve calls until none is running or queued; True if close() was asked meanwhile."""
        stop = False
        while True:
            with self._done:
                free = [i for i in range(self.max_seqs) if i not in self._in_use]
                if not pending and not self._in_use:
                    return stop
            if pending and free:
                admitted, pending = pending[:len(free)], pending[len(free):]
                self._admit(admitted, free)
            with self._done:
                if self._in_use and (not pending or len(self._in_use) == self.max_seqs):
                    self._done.wait(timeout=0.05)
            while not stop:  # calls that arrived meanwhile
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                else:
                    pending.append(job)

    def _admit(self, jobs: list[Job], free: list[int]) -> None:
        """Give each job the free context holding most of its prompt; share the group's common prefix.

        A failure here fails these calls (never leaves a caller waiting) and frees their contexts."""
        chosen: list[tuple[Job, _Context]] = []
        try:
            self._place(jobs, free, chosen)
        except BaseException as exc:
            with self._done:
                for job, context in chosen:
                    context.keep(0)
                    self._in_use.discard(self.contexts.index(context))
                self._done.notify_all()
            for job in jobs:
                if not job.future.done():
                    job.future.set_exception(exc)
            return
        for job, context in chosen:
            sampler = new_sampler(self._lc, job.call, self.n_vocab, self.llm.last_n_tokens_size)
            self._ready.put(_Seq(context, job, sampler, time.perf_counter(), reuse=len(context.cached)))

    def _place(self, jobs: list[Job], free: list[int], chosen: list[tuple[Job, _Context]]) -> None:
        """Pick each job's context (appending to ``chosen``) and put the group's common prefix in each."""
        for job in jobs:
            best = max(free, key=lambda i: (self._reusable(self.contexts[i], job.call.tokens), -i))
            free.remove(best)
            chosen.append((job, self.contexts[best]))
            with self._done:
                self._in_use.add(best)
                self.stats.max_active = max(self.stats.max_active, len(self._in_use))
        tokens = [job.call.tokens for job, _ in chosen]
        shared = list(tokens[0])
        for t in tokens[1:]:
            shared = shared[:common_prefix(shared, t)]
        shared = shared[:self._blocks(min(len(t) for t in tokens) - 1)]
        if len(chosen) > 1 and shared:
            host = max((c for _, c in chosen), key=lambda c: self._held(c, shared))
            self._extend(host, shared, threads=self.n_threads)
            for _, c in chosen:
                if c is not host and self._held(c, shared) < len(shared):
                    c.copy_from(host, len(shared))
        for job, context in chosen:  # each context now holds exactly the blocks its call reuses
            context.keep(self._reusable(context, job.call.tokens))

    def _reusable(self, context: _Context, tokens: tuple[int, ...] | list[int]) -> int:
        """Whole prompt blocks of ``tokens`` the context holds (never the last token: it must give logits)."""
        return self._blocks(min(common_prefix(context.cached, tokens), len(tokens) - 1))

    def _held(self, context: _Context, tokens: list[int]) -> int:
        """Whole blocks at the start of ``tokens`` that the context holds."""
        return self._blocks(common_prefix(context.cached, tokens))

    def _blocks(self, n: int) -> int:
        return max(0, n - n % self.block)

    def _extend(self, context: _Context, tokens: list[int], threads: int) -> None:
        """Make the context hold ``tokens`` (whole blocks), decoding only what it lacks."""
        keep = self._held(context, tokens)
        context.keep(keep)
        began = time.perf_counter()
        context.threads(threads)
        try:
            for lo in range(keep, len(tokens), self.block):
                context.decode(tokens[lo:lo + self.block], lo, False)
        finally:
            context.threads(self.lane_threads)
        context.cached = list(tokens)
        self._count(decoded_prompt_tokens=len(tokens) - keep, prompt_seconds=time.perf_counter() - began)

    def _count(self, **add: float) -> None:
        with self._stats_lock:
            for name, value in add.items():
                setattr(self.stats, name, getattr(self.stats, name) + value)

    def _mark(self, prefilling: int = 0, generating: int = 0) -> None:
        """Track calls per activity; wall time with prompts decoding and nothing generating is prompt time."""
        with self._stats_lock:
            now = time.perf_counter()
            if self._prefilling and not self._generating:
                self.stats.prompt_wall_seconds += now - self._marked
            self._marked = now
            self._prefilling += prefilling
            self._generating += generating

    # ---- lanes: each advances one call by one token (or its prompt) at a time -----------------
    def _lane(self) -> None:
        while True:
            seq = self._ready.get()
            if seq is None:
                return
            try:
                done = self._advance(seq)
            except BaseException as exc:
                done = exc
            if done is None:
                self._ready.put(seq)  # back of the queue: calls take turns
            else:
                self._finish(seq, done)

    def _advance(self, seq: _Seq) -> tuple[bytes, str] | None:
        """Decode seq's prompt (first time) or its last token, then sample the next one."""
        lc, context, call = self._lc, seq.context, seq.job.call
        if not seq.prefilled:
            self._mark(prefilling=1)
            began = time.perf_counter()
            tokens = call.tokens
            # a lone call may use every thread for its prompt (the count does not change results)
            context.threads(self.n_threads if self.thread_invariant and len(self._in_use) == 1 else self.lane_threads)
            try:
                for lo in range(seq.reuse, len(tokens), self.block):
                    hi = min(lo + self.block, len(tokens))
                    context.decode(tokens[lo:hi], lo, hi == len(tokens))
            finally:
                context.threads(self.lane_threads)
            self._count(prompt_tokens=len(tokens), decoded_prompt_tokens=len(tokens) - seq.reuse,
                        prompt_seconds=time.perf_counter() - began)
            context.cached = list(tokens[:self._blocks(len(tokens))])
            seq.prefilled = True
            self._mark(prefilling=-1, generating=1)
        else:
            began = time.perf_counter()
            context.decode([seq.reply.tokens[-1]], len(call.tokens) + len(seq.reply.tokens) - 1, True)
            self._count(steps=1, step_seconds=time.perf_counter() - began)
        tok = lc.llama_sampler_sample(seq.sampler, context.ctx, -1)
        eog = lc.llama_vocab_is_eog(self.vocab, tok)
        self._count(generated_tokens=int(not eog))
        return seq.reply.push(self.llm, tok, eog)

    def _finish(self, seq: _Seq, done: tuple[bytes, str] | BaseException) -> None:
        """Answer the caller and free the context, whatever fails on the way."""
        context = seq.context
        try:
            self._lc.llama_sampler_free(seq.sampler)
            self._mark(generating=-1) if seq.prefilled else self._mark(prefilling=-1)
            if isinstance(done, BaseException):
                context.keep(0)
                seq.job.future.set_exception(done)
            else:
                context.keep(len(context.cached))  # generated cells go; the prompt's whole blocks stay
                text, reason = done
                seq.job.future.set_result(CallResult(
                    text=text.decode("utf-8", errors="ignore"), prompt_tokens=len(seq.job.call.tokens),
                    completion_tokens=len(seq.reply.tokens), finish_reason=reason,
                    seconds=time.perf_counter() - seq.started))
        except BaseException as exc:
            context.cached = []  # its KV state is unknown now: never reuse it
            if not seq.job.future.done():
                seq.job.future.set_exception(exc)
        finally:
            with self._done:
                self._in_use.discard(self.contexts.index(context))
                self._done.notify_all()
