"""Speed of the embedded llama.cpp backend: sequential vs batched concurrent calls, side by side.

    .venv/bin/python benchmarks/bench_embedded.py [--modes before sequential batched] [--gen-tokens 128]
    .venv/bin/python benchmarks/bench_embedded.py --single [--models qwen2.5-coder-0.5b gemma3-270m] [--threads 2]

Default: each mode runs in its own process (so peak memory is its own) on the default model:
three concurrent calls on a code-task prompt (temperature 0.7, seeds 0-2), then one 2-round
debate (the README's main command: tasks/easy/digital_root.json, default settings) and the two
debate cells of the default grid (config/config.yaml: digital_root and run_lengths, 2 rounds,
max_tokens 384). Modes: ``before`` = the sequential path as it was before batching (prompt
chunks of 512 tokens), ``sequential`` = backend option batch: false, ``batched`` = the default.
Aggregate generation tokens/s = completion tokens / (wall - prompt seconds). Other load on the
CPU lowers every figure; the load average is printed before and after.

``--single``: the older per-model table (assembly, load, prompt and generation tokens/s of one
call, from llama.cpp's own timers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from codedebate.backends import ChatRequest, Message, weights
from codedebate.backends.embedded import EmbeddedBackend, default_extra_buffers

ROOT = Path(__file__).resolve().parents[1]
MODES = {"before": "sequential, 512-token prompt chunks (before #19)", "sequential": "batch: false",
         "rows": "batch: true, batch_engine: rows (one llama.cpp batch)",
         "batched": "batch: true (default: batch_engine lanes, one core per call)"}
ENGINE = {"rows": "rows", "batched": "lanes"}  # batched modes -> batch_engine

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


def single(args: argparse.Namespace) -> None:
    """The per-model table of one call's speeds."""
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


class StopAfter(Exception):
    """Raised by PhaseClock to end a debate once the phase it times is over."""


class PhaseClock:
    """Progress sink that keeps when each phase started, to time one phase (and stop there if asked)."""

    def __init__(self, stop_after: str | None = None) -> None:
        self.events: list[tuple[float, str, int]] = []
        self.stop_after = stop_after

    def __call__(self, event: str, **info: Any) -> None:
        if event in ("phase", "stop"):
            self.events.append((time.perf_counter(), str(info.get("phase", event)), int(info.get("round", 0))))
            if self.stop_after and len(self.events) > 1 and self.events[-2][1] == self.stop_after:
                raise StopAfter

    def seconds(self, phase: str, round_no: int, end: float) -> float:
        for i, (at, name, rnd) in enumerate(self.events):
            if (name, rnd) == (phase, round_no):
                return (self.events[i + 1][0] if i + 1 < len(self.events) else end) - at
        return float("nan")


def debate(task_file: str, options: dict[str, Any], max_tokens: int | None,
           stop_after: str | None = None) -> dict[str, Any]:
    """One 2-round debate with the default settings on the embedded default model (or its first phase)."""
    from codedebate.backends import get_backend
    from codedebate.executor import Executor, ExecutorSettings
    from codedebate.protocol import DebateSettings
    from codedebate.protocol.runner import execute_run
    from codedebate.tasks import load_task

    extra = {} if max_tokens is None else {"max_tokens": max_tokens}
    settings = DebateSettings(max_rounds=2, backend=options, seed=0, **extra)
    clock = PhaseClock(stop_after)
    start = time.perf_counter()
    try:
        state, records = asyncio.run(execute_run(
            load_task(ROOT / task_file), settings, backend_for=lambda m: get_backend(m, **options),
            executor=Executor(ExecutorSettings(timeout_s=30.0, metrics=True), cache_dir=None), progress=clock))
    except StopAfter:
        end = time.perf_counter()
        return {"wall": float("nan"), "propose": clock.seconds("propose", 1, end), "calls": 3,
                "completion_tokens": 0, "rounds": 0, "pass_rate": float("nan")}
    end = time.perf_counter()
    row = records.summary.iloc[0]
    return {"wall": end - start, "propose": clock.seconds("propose", 1, end), "calls": len(state.calls),
            "completion_tokens": sum(c.response.completion_tokens for c in state.calls),
            "rounds": int(row["total_rounds"]), "pass_rate": float(row["final_pass_rate"])}


def _cpu_seconds() -> float:
    """CPU seconds (user + system) this process has used: a measure of work that other load on a
    shared CPU inflates far less than wall time."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child(mode: str, gen_tokens: int, parts: list[str]) -> dict[str, Any]:
    """Measure one mode in this process; returns one JSON-able row."""
    from codedebate.backends import embedded

    if mode == "before":
        embedded.PROMPT_BLOCK = 512
    options: dict[str, Any] = {"n_threads": 2, "batch": mode in ENGINE}
    if mode in ENGINE:
        options["batch_engine"] = ENGINE[mode]
    backend = EmbeddedBackend("qwen2.5-coder-0.5b", n_ctx=4096, **options)
    shared = backend.load()
    import llama_cpp  # after the backend set OMP_WAIT_POLICY

    messages = (Message("system", "You are an expert Python programmer."), Message("user", TASK))
    reqs = [ChatRequest(messages=messages, temperature=0.7, seed=seed, max_tokens=gen_tokens) for seed in range(3)]

    async def three() -> list:
        return list(await asyncio.gather(*(backend.chat(r) for r in reqs)))

    if mode in ENGINE:
        stats = shared.engine(backend.n_ctx, backend.batch_seqs, backend.batch_engine).stats
        p0, w0 = stats.prompt_seconds, stats.prompt_wall_seconds
    else:
        llama_cpp.llama_perf_context_reset(shared.llm._ctx.ctx)
    cpu0, start = _cpu_seconds(), time.perf_counter()
    replies = asyncio.run(three())
    wall, cpu = time.perf_counter() - start, _cpu_seconds() - cpu0
    if mode in ENGINE:
        # lanes decode prompts side by side: prompt time = wall time with prompts decoding and no
        # call generating (time when one lane decodes a prompt while another generates counts as generation)
        prompt_s = stats.prompt_wall_seconds - w0
    else:
        prompt_s = llama_cpp.llama_perf_context(shared.llm._ctx.ctx).t_p_eval_ms / 1e3
    completion = sum(r.completion_tokens for r in replies)
    prompt_tokens = sum(r.prompt_tokens for r in replies)
    row: dict[str, Any] = {
        "mode": mode, "load_s": shared.load_seconds, "three_wall_s": wall, "three_completion_tokens": completion,
        "three_prompt_tokens": prompt_tokens, "prompt_tok_s": prompt_tokens / prompt_s,
        "gen_tok_s": completion / (wall - prompt_s), "cpu_s": cpu, "tok_per_cpu_s": completion / cpu,
        "replies": [r.text for r in replies]}
    nan = float("nan")
    partial = os.environ.get("BENCH_PARTIAL")  # a file that gets the row after each part
    if partial:
        Path(f"{partial}.{mode}").write_text(json.dumps(row) + "\n", encoding="utf-8")
    # "readme": the README's main command (default settings); "cell": its task with the grid's
    # max_tokens (one of the grid's two cells); "grid": both cells of the default grid
    readme_max = None if "readme" in parts else 384
    stop = None if {"readme", "cell"} & set(parts) else "propose"  # "propose": only the first phase
    readme = debate("tasks/easy/digital_root.json", options, readme_max, stop) if parts else {
        "wall": nan, "propose": nan, "calls": 0, "completion_tokens": 0, "rounds": 0, "pass_rate": nan}
    row.update({f"readme_{k}": v for k, v in readme.items()})
    row["readme_max_tokens"] = readme_max or 1024
    if partial:
        Path(f"{partial}.{mode}").write_text(json.dumps(row) + "\n", encoding="utf-8")
    grid = [debate(f"tasks/easy/{t}.json", options, 384) for t in ("digital_root", "run_lengths")
            if "grid" in parts]
    row["grid_cells_wall_s"] = sum(g["wall"] for g in grid) if grid else nan
    row["grid_cells_tokens"] = sum(g["completion_tokens"] for g in grid)
    row["grid_cells_pass"] = [g["pass_rate"] for g in grid]
    if mode in ENGINE:
        row["prefix_reused_tokens"] = stats.prompt_tokens - stats.decoded_prompt_tokens
        row["prompt_tokens_served"] = stats.prompt_tokens
    row["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return row


def compare(args: argparse.Namespace) -> None:
    """Run each mode in a child process and print the figures side by side."""
    print(f"cpus={os.cpu_count()} load_avg_before={os.getloadavg()[0]:.2f} extra_buffers={default_extra_buffers()} "
          f"gen_tokens={args.gen_tokens} model=qwen2.5-coder-0.5b n_threads=2", flush=True)
    rows = []
    for mode in args.modes:
        began = time.strftime("%H:%M:%S", time.gmtime())
        out = subprocess.run([sys.executable, __file__, "--child", mode, "--gen-tokens", str(args.gen_tokens),
                              "--parts", *args.parts],
                             capture_output=True, text=True, check=False)
        if out.returncode != 0:
            raise SystemExit(f"mode {mode} failed:\n{out.stderr[-3000:]}")
        row = json.loads(out.stdout.strip().splitlines()[-1])
        row["when"] = f"{began}-{time.strftime('%H:%M:%S', time.gmtime())} UTC, load {os.getloadavg()[0]:.2f}"
        rows.append(row)
        print(f"  {mode}: done ({row['when']}): " + json.dumps({k: v for k, v in row.items() if k != "replies"}),
              flush=True)
    lines = [
        ("3 concurrent calls: wall s", "three_wall_s", ".1f"),
        ("  completion tokens", "three_completion_tokens", "d"),
        ("  aggregate generation tok/s", "gen_tok_s", ".1f"),
        ("  prompt tok/s (served)", "prompt_tok_s", ".0f"),
        ("  CPU s (user+sys)", "cpu_s", ".1f"),
        ("  completion tokens per CPU s", "tok_per_cpu_s", ".2f"),
        ("debate digital_root, 2 rounds: max_tokens", "readme_max_tokens", "d"),
        ("  wall s", "readme_wall", ".1f"),
        ("  propose phase (round 1) s", "readme_propose", ".1f"),
        ("  calls / completion tokens", None, ""),
        ("  rounds, final pass rate", None, ""),
        ("default grid's 2 debate cells: wall s", "grid_cells_wall_s", ".1f"),
        ("  completion tokens", "grid_cells_tokens", "d"),
        ("peak RSS MB", "peak_rss_mb", ".0f"),
        ("model load s", "load_s", ".2f"),
    ]
    width = 46
    print(f"{'':<{width}}" + "".join(f"{m:>16}" for m in args.modes))
    for label, key, fmt in lines:
        if key is None and label.strip().startswith("calls"):
            cells = [f"{r['readme_calls']}/{r['readme_completion_tokens']}" for r in rows]
        elif key is None:
            cells = [f"{r['readme_rounds']}, {r['readme_pass_rate']:.2f}" for r in rows]
        else:
            cells = [format(r[key], fmt) for r in rows]
        print(f"{label:<{width}}" + "".join(f"{c:>16}" for c in cells))
    for r in rows:
        if "prefix_reused_tokens" in r:
            print(f"{r['mode']}: prompt tokens taken from the prefix cache: {r['prefix_reused_tokens']} of "
                  f"{r['prompt_tokens_served']}")
    same = {m: rows[i]["replies"] == rows[-1]["replies"] for i, m in enumerate(args.modes)}
    print("3 concurrent replies identical to the last mode's: " + ", ".join(f"{m}={v}" for m, v in same.items()))
    for r in rows:
        print(f"{r['mode']}: {MODES[r['mode']]}; {r['when']}")
    print(f"load_avg_after={os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES))
    parser.add_argument("--child", choices=list(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--parts", nargs="*", choices=["readme", "cell", "grid", "propose"], default=["readme", "grid"],
                        help="debates after the 3 concurrent calls: readme = the README's main command, cell = the "
                             "same task with the grid's max_tokens 384, grid = the grid's two cells, propose = "
                             "only the first propose phase of cell")
    parser.add_argument("--single", action="store_true", help="the per-model table of one call's speeds")
    parser.add_argument("--models", nargs="+", default=["qwen2.5-coder-0.5b"], help="embedded aliases (--single)")
    parser.add_argument("--threads", type=int, nargs="+", default=[2], help="n_threads values (--single)")
    parser.add_argument("--gen-tokens", type=int, default=128)
    parser.add_argument("--repeats", type=int, default=2, help="--single: medians over this many calls")
    parser.add_argument("--fresh", action="store_true", help="--single: assemble into a temp cache to time it")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.gen_tokens, args.parts)))
    elif args.single:
        single(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
