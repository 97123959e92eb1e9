"""Batched decoding for the embedded backend: concurrent calls on one model share llama.cpp batches.

A phase issues its calls together (asyncio.gather). The engine collects calls that arrive within
a short window, decodes them as separate sequences of one llama.cpp context (one token per
sequence per ``llama_decode``), and admits later calls into free sequence slots between steps.
Small models on a CPU are bound by memory bandwidth when generating, so one step for three
sequences costs little more than one step for one.

Every sequence has its own KV stream (``kv_unified=False``): its attention never sees other
sequences' cells, and its sampler chain (same settings and seed as the sequential path) is its
own. A prompt prefix shared with earlier calls is kept in a reserved cache sequence and copied
into the new sequence's stream instead of being decoded again.
"""

from __future__ import annotations

import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from codedebate.backends.embedded_decode import (PROBE, BatchStats, CallResult, Job, Reply, collect,
                                                 common_prefix, decode, logits_row, new_sampler)
from codedebate.backends.embedded_prompt import PreparedCall

CACHE_SEQ = 0  # sequence id that keeps the last shared prefix between calls


@dataclass
class _Slot:
    seq_id: int
    job: Job
    sampler: Any
    started: float
    n_past: int = 0
    batch_index: int = -1  # where this sequence's logits are in the last decoded batch
    reply: Reply = field(init=False)

    def __post_init__(self) -> None:
        self.reply = Reply(self.job.call)

    @property
    def out(self) -> list[int]:
        return self.reply.tokens


class BatchEngine:
    """Decodes up to ``max_seqs`` calls at once on its own llama.cpp context over a loaded model.

    ``lock`` is the model's lock: held while sequences are being decoded, so batched and
    sequential calls on one model never compete for the CPU.
    """

    def __init__(self, llm: Any, lock: threading.Lock, n_ctx: int, max_seqs: int = 4,
                 window_s: float = 0.05) -> None:
        import llama_cpp

        self._lc = llama_cpp
        self.llm = llm
        self.lock = lock
        self.n_ctx = int(n_ctx)  # per sequence
        self.max_seqs = int(max_seqs)
        self.window_s = float(window_s)
        self.block = int(llm.n_batch)  # prompt blocks: the sequential path's own chunk size
        self.stats = BatchStats()
        n_streams = self.max_seqs + 1  # + the prefix cache
        params = type(llm.context_params).from_buffer_copy(llm.context_params)
        params.n_ctx = self.n_ctx * n_streams
        params.n_seq_max = n_streams
        params.kv_unified = False
        params.n_batch = max(self.block, self.max_seqs)
        params.n_ubatch = params.n_batch
        self.ctx = llama_cpp.llama_init_from_model(llm._model.model, params)
        if not self.ctx:
            raise RuntimeError(f"llama.cpp could not create a context of {params.n_ctx} tokens "
                               f"for {n_streams} sequences")
        self.mem = llama_cpp.llama_get_memory(self.ctx)
        self.vocab = llm._model.vocab
        self._batch = llama_cpp.llama_batch_init(params.n_batch, 0, 1)
        self._cached: list[int] = []  # tokens held by CACHE_SEQ
        with self.lock:
            self.step_seqs = self.calibrate()
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._closed = False
        self._thread = threading.Thread(target=self._worker, name="embedded-batch", daemon=True)
        self._thread.start()

    # ---- public -------------------------------------------------------------------------------
    def submit(self, call: PreparedCall) -> Future[CallResult]:
        """Queue one call; the future gets its CallResult or the exception that stopped it."""
        if self._closed:
            raise RuntimeError("batch engine is closed")
        job = Job(call, Future())
        self._queue.put(job)
        return job.future

    def close(self) -> None:
        """Finish queued calls, stop the worker and free the context."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join()
        self._lc.llama_batch_free(self._batch)
        self._lc.llama_free(self.ctx)
        self.ctx = None

    # ---- worker -------------------------------------------------------------------------------
    def _worker(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            jobs, stop = collect(self._queue, first, self.window_s, self.max_seqs)
            served = list(jobs)  # grows as later calls join the batch
            with self.lock:
                try:
                    self._serve(jobs, served)
                except BaseException as exc:  # never leave a caller waiting
                    for job in served:
                        if not job.future.done():
                            job.future.set_exception(exc)
                    self._reset()
            if stop:
                return

    def _reset(self) -> None:
        self._lc.llama_memory_clear(self.mem, True)
        self._cached = []

    def _serve(self, pending: list[Job], served: list[Job]) -> None:
        """Decode until every admitted sequence is done, admitting queued calls between steps."""
        slots: dict[int, _Slot] = {}
        free = list(range(1, self.max_seqs + 1))
        while pending or slots:
            if pending:
                self._admit(pending, slots, free)
                pending = []
            if not slots:
                continue
            self._step(slots, free)
            while free:  # later calls join the running batch
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    self._queue.put(None)  # let the worker stop after this batch
                    break
                pending.append(job)
                served.append(job)
                if len(pending) == len(free):
                    break

    def _admit(self, jobs: list[Job], slots: dict[int, _Slot], free: list[int]) -> None:
        """Give each job a sequence: copy the shared prefix from the cache, decode the rest of its prompt."""
        prompts = [j.call.tokens for j in jobs]
        shared = prompts[0]
        for p in prompts[1:]:
            shared = shared[:common_prefix(shared, p)]
        self._extend_cache(shared[:min(len(p) for p in prompts) - 1])
        lc = self._lc
        for job in jobs:
            seq = free.pop(0)
            tokens = job.call.tokens
            lc.llama_memory_seq_rm(self.mem, seq, -1, -1)
            reuse = self._blocks(min(common_prefix(self._cached, tokens), len(tokens) - 1))
            if reuse > 0:
                lc.llama_memory_seq_cp(self.mem, CACHE_SEQ, seq, -1, -1)  # another stream: copies it whole
                lc.llama_memory_seq_rm(self.mem, seq, reuse, -1)
            slot = _Slot(seq, job, new_sampler(lc, job.call, self.llm.n_vocab(), self.llm.last_n_tokens_size),
                         time.perf_counter(), n_past=len(tokens))
            slots[seq] = slot
            self.stats.prompt_tokens += len(tokens)
            self._prefill(seq, tokens, reuse, want_last=True)
            slot.batch_index = (len(tokens) - 1) % self.block
            self._sample(slot, slots, free)

    def _blocks(self, n: int) -> int:
        """n rounded down to whole prompt blocks."""
        return n - n % self.block

    def _prefill(self, seq: int, tokens: tuple[int, ...] | list[int], start: int, want_last: bool) -> None:
        """Decode tokens[start:] into seq alone, in blocks aligned to multiples of ``block``.

        The sequential path (``Llama.eval``) decodes a prompt in the same blocks, so both give the same
        KV cache and logits; ``start`` is always a block boundary.
        """
        began = time.perf_counter()
        for lo in range(start, len(tokens), self.block):
            hi = min(lo + self.block, len(tokens))
            self._decode([(seq, tokens[q], q, want_last and q == len(tokens) - 1) for q in range(lo, hi)])
            self.stats.decoded_prompt_tokens += hi - lo
        self.stats.prompt_seconds += time.perf_counter() - began
        self.stats.prompt_wall_seconds += time.perf_counter() - began  # one thing at a time here

    def _extend_cache(self, prefix: tuple[int, ...]) -> None:
        """Make CACHE_SEQ hold the whole blocks of ``prefix`` (keeping the blocks it already shares)."""
        keep = self._blocks(common_prefix(self._cached, prefix))
        if keep < len(self._cached):
            self._lc.llama_memory_seq_rm(self.mem, CACHE_SEQ, keep, -1)
            self._cached = self._cached[:keep]
        target = list(prefix[:self._blocks(len(prefix))])
        if len(target) > keep:
            self._prefill(CACHE_SEQ, target, keep, want_last=False)
        self._cached = target

    def calibrate(self) -> int:
        """The most sequences one step may decode without changing any sequence's logits.

        llama.cpp's CPU matrix kernels do not compute a row the same way for every batch size (on
        this project's machine, 1-3 rows agree bitwise and 4 or more do not). The choice depends
        on the batch shape only, so one probe decides: the probe's last token is decoded alone,
        then by k sequences at once, and k is kept while every row equals the lone logits.
        """
        import numpy as np

        lc, n_vocab = self._lc, self.llm.n_vocab()
        probe = list(self.llm.tokenize(PROBE, add_bos=False))
        last = len(probe) - 1

        def step(k: int) -> list[Any]:
            for seq in range(1, k + 1):
                lc.llama_memory_seq_rm(self.mem, seq, last, -1)
            self._decode([(seq, probe[last], last, True) for seq in range(1, k + 1)])
            return [logits_row(lc, self.ctx, i, n_vocab) for i in range(k)]

        try:
            self._decode([(1, tok, pos, False) for pos, tok in enumerate(probe[:last])])
            for seq in range(2, self.max_seqs + 1):
                lc.llama_memory_seq_cp(self.mem, 1, seq, -1, -1)
            alone = step(1)[0]
            best = 1
            for k in range(2, self.max_seqs + 1):
                if not all(np.array_equal(row, alone) for row in step(k)):
                    break
                best = k
            return best
        finally:
            self._reset()

    def _step(self, slots: dict[int, _Slot], free: list[int]) -> None:
        """Decode the last sampled token of every active sequence, then sample each one's next token.

        At most ``step_seqs`` sequences share one llama_decode (see :meth:`calibrate`), so a
        sequence's logits never depend on its companions.
        """
        began = time.perf_counter()
        active = list(slots.values())
        self.stats.steps += 1
        self.stats.max_active = max(self.stats.max_active, len(active))
        for lo in range(0, len(active), self.step_seqs):
            group = active[lo:lo + self.step_seqs]
            for i, s in enumerate(group):
                s.batch_index = i
            self._decode([(s.seq_id, s.out[-1], s.n_past, True) for s in group])
            for s in group:
                s.n_past += 1
                self._sample(s, slots, free)
        self.stats.step_seconds += time.perf_counter() - began

    def _decode(self, entries: list[tuple[int, int, int, bool]]) -> None:
        """One llama_decode of (seq_id, token, pos, wants_logits) entries."""
        decode(self._lc, self.ctx, self._batch, entries)

    def _sample(self, s: _Slot, slots: dict[int, _Slot], free: list[int]) -> None:
        """Sample s's next token; finish the sequence on end-of-generation, a stop string or the limit."""
        lc = self._lc
        tok = lc.llama_sampler_sample(s.sampler, self.ctx, s.batch_index)
        eog = lc.llama_vocab_is_eog(self.vocab, tok)
        self.stats.generated_tokens += not eog
        done = s.reply.push(self.llm, tok, eog)
        if done is not None:
            self._finish(s, slots, free, *done)

    def _finish(self, s: _Slot, slots: dict[int, _Slot], free: list[int], text: bytes, reason: str) -> None:
        self._lc.llama_sampler_free(s.sampler)
        self._lc.llama_memory_seq_rm(self.mem, s.seq_id, -1, -1)
        del slots[s.seq_id]
        free.append(s.seq_id)
        free.sort()
        s.job.future.set_result(CallResult(
            text=text.decode("utf-8", errors="ignore"), prompt_tokens=len(s.job.call.tokens),
            completion_tokens=len(s.out), finish_reason=reason, seconds=time.perf_counter() - s.started))
