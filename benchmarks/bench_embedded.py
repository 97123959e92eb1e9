"""Speed of the embedded llama.cpp backend on this machine: load time, prompt and generation tokens/s.

    .venv/bin/python benchmarks/bench_embedded.py [--models qwen2.5-coder-0.5b gemma3-270m] [--threads 2]

Runs the product's own path (EmbeddedBackend: chat template, fresh KV cache per call) on a
code-task prompt with a greedy reply. Prompt and generation speed come from llama.cpp's own
timers; end-to-end is completion tokens / wall seconds of the whole call. Medians over
--repeats. Prints one row per model. Other load on the CPU lowers every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from codedebate.backends import ChatRequest, Message, weights
from codedebate.backends.embedded import EmbeddedBackend, default_extra_buffers

TASK = """Write a Python function `merge_intervals(intervals: list[tuple[int, int]]) -> list[tuple[int, int]]`
that merges overlapping closed intervals and returns them sorted by start. Intervals that touch
(end == next start) are merged. An empty list gives an empty list. Do not modify the input.

Tests the solution must pass:
def test_empty():
    assert merge_intervals([]) == []
def test_disjoint():
    assert merge_intervals([(5, 6), (1, 2)]) == [(1, 2), (5, 6)]
def test_overlap():
    assert merge_intervals([(1, 4), (2, 5), (7, 9)]) == [(1, 5), (7, 9)]
def test_touching():
    assert merge_intervals([(1, 2), (2, 3)]) == [(1, 3)]
def test_nested():
    assert merge_intervals([(1, 10), (2, 3), (4, 5)]) == [(1, 10)]
Reply with one ```python block."""


def measure(alias: str, threads: int, gen_tokens: int, repeats: int, fresh: bool) -> dict[str, float | str]:
    spec = weights.lookup(alias)
    row: dict[str, float | str] = {"model": alias, "threads": str(threads)}
    with tempfile.TemporaryDirectory() as tmp:
        cache = tmp if fresh else None
        start = time.perf_counter()
        prepared = weights.prepare_model(alias, cache)
        row["assemble_s"] = time.perf_counter() - start if prepared.built else float("nan")
        manifest = weights.manifest(alias, cache) or {}
        row["size_mb"] = prepared.path.stat().st_size / 1e6
        row["sha256"] = str(manifest.get("sha256", "?"))[:16]
        backend = EmbeddedBackend(alias, n_ctx=4096, n_threads=threads, cache_dir=cache)
        row["load_s"] = backend.load().load_seconds
        messages = (Message("system", "You are an expert Python programmer."), Message("user", TASK))
        llm = backend.load().llm
        import llama_cpp  # after the backend set OMP_WAIT_POLICY
        pp, tg, wall = [], [], []
        for _ in range(repeats):
            llama_cpp.llama_perf_context_reset(llm._ctx.ctx)
            reply = asyncio.run(backend.chat(ChatRequest(messages=messages, temperature=0.0, seed=0,
                                                         max_tokens=gen_tokens)))
            perf = llama_cpp.llama_perf_context(llm._ctx.ctx)  # llama.cpp's own timers
            pp.append(perf.n_p_eval / (perf.t_p_eval_ms / 1e3))
            tg.append(perf.n_eval / (perf.t_eval_ms / 1e3))
            wall.append(reply.completion_tokens / reply.seconds)
        row["prompt_tokens"] = reply.prompt_tokens
        row["completion_tokens"] = reply.completion_tokens
        row["prompt_tok_s"] = statistics.median(pp)
        row["gen_tok_s"] = statistics.median(tg)
        row["end_to_end_tok_s"] = statistics.median(wall)
        row["license"] = spec.license
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", nargs="+", default=["qwen2.5-coder-0.5b"], help="embedded aliases")
    parser.add_argument("--threads", type=int, nargs="+", default=[2], help="n_threads values to compare")
    parser.add_argument("--gen-tokens", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--fresh", action="store_true", help="assemble into a temp cache to time assembly")
    args = parser.parse_args()
    print(f"cpus={os.cpu_count()} load_avg={os.getloadavg()[0]:.2f} extra_buffers={default_extra_buffers()} "
          f"OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', '(backend default: PASSIVE)')} "
          f"gen_tokens={args.gen_tokens} repeats={args.repeats}")
    cols = ["model", "threads", "size_mb", "sha256", "assemble_s", "load_s", "prompt_tokens", "prompt_tok_s",
            "completion_tokens", "gen_tok_s", "end_to_end_tok_s", "license"]
    print(" | ".join(cols))
    for alias in args.models:
        for threads in args.threads:
            row = measure(alias, threads, args.gen_tokens, args.repeats, args.fresh)
            print(" | ".join(f"{row[c]:.2f}" if isinstance(row[c], float) else str(row[c]) for c in cols),
                  flush=True)
    print(f"load_avg_after={os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
