"""Tokens and wall time per protocol on 5 easy tasks, side by side (the cost half of "debate or vote?").

    .venv/bin/python benchmarks/bench_baselines.py [--model embedded:qwen2.5-coder-0.5b] [--budget 3000]
        [--tasks digital_root run_lengths ...] [--protocols solo best_of_n ...] [--max-tokens 384]

Each protocol runs once per task in this process (the model loads once); one line per protocol:
mean tokens, mean model seconds, mean wall seconds, executor seconds and the visible/hidden pass
rates. With the embedded model on 2 cores this takes about an hour for the defaults; pass fewer
tasks or protocols for a quick look. Nothing is asserted (tests never time things).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

import pandas as pd

from codedebate.backends import get_backend
from codedebate.executor import Executor, ExecutorSettings
from codedebate.protocol import DebateSettings
from codedebate.protocol.runner import execute_run
from codedebate.tasks import load_task

REPO = Path(__file__).resolve().parents[1]
TASKS = ["digital_root", "run_lengths", "caesar_shift", "second_largest_distinct", "chunk_list"]
PROTOCOLS = ["solo", "self_repair", "best_of_n", "majority_vote", "vote_only", "debate"]


def settings_for(protocol: str, model: str, budget: int, max_tokens: int) -> DebateSettings:
    """The same settings as config/baselines.yaml's embedded experiments."""
    base = DebateSettings().replace(max_rounds=2, max_tokens=max_tokens, judge=None)
    if protocol == "debate":
        return base.replace(agents=[model] * 3)
    options = {"solo": {}, "self_repair": {"token_budget": budget}}.get(
        protocol, {"token_budget": budget, "temperature": 0.8})
    return base.replace(agents=[model], protocol=protocol, protocol_options=options)


async def bench(args: argparse.Namespace) -> pd.DataFrame:
    rows = []
    with Executor(ExecutorSettings(metrics=True)) as executor:
        for protocol in args.protocols:
            settings = settings_for(protocol, args.model, args.budget, args.max_tokens)
            for name in args.tasks:
                task = load_task(REPO / "tasks" / "easy" / f"{name}.json")
                start = time.perf_counter()
                _, records = await execute_run(task, settings, executor=executor, experiment="bench",
                                               backend_for=lambda m: get_backend(m, **settings.backend))
                row = records.summary.iloc[0]
                rows.append({"protocol": protocol, "task": name, "tokens": row["total_tokens"],
                             "model_s": row["model_seconds"], "wall_s": time.perf_counter() - start,
                             "exec_s": row["total_execution_time"], "visible": row["final_pass_rate"],
                             "hidden": row["hidden_pass_rate"]})
                print(f"  {protocol:14s} {name:24s} {row['total_tokens']:6d} tokens "
                      f"{rows[-1]['wall_s']:7.1f} s", flush=True)
    return pd.DataFrame(rows)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", default="embedded:qwen2.5-coder-0.5b")
    p.add_argument("--budget", type=int, default=3000, help="token budget of the sampling protocols and self_repair")
    p.add_argument("--max-tokens", type=int, default=384)
    p.add_argument("--tasks", nargs="+", default=TASKS)
    p.add_argument("--protocols", nargs="+", default=PROTOCOLS)
    args = p.parse_args()
    table = asyncio.run(bench(args))
    means = table.groupby("protocol", sort=False)[["tokens", "model_s", "wall_s", "exec_s", "visible", "hidden"]].mean()
    print(f"\n{args.model}, {len(args.tasks)} easy tasks, budget {args.budget} tokens (means per task):")
    print(means.round(3).to_string())


if __name__ == "__main__":
    main()
