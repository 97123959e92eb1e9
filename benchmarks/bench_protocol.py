"""Protocol overhead: full debates on the scripted backend with the real executor.

    .venv/bin/python benchmarks/bench_protocol.py [--repeats 3] [--rounds 3]

Each run is 3 proposers x ``--rounds`` rounds with no early stop and no consensus, so every
phase runs. Prints seconds per run split into executor time, model time (scripted: ~0) and the
rest (prompt building, parsing, records); nothing is asserted (tests never time things).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from pathlib import Path

from codedebate.backends.scripted import ScriptedBackend
from codedebate.executor import Executor, ExecutorSettings
from codedebate.protocol import DebateSettings
from codedebate.protocol.runner import execute_run
from codedebate.tasks import load_task

DATA = Path(__file__).resolve().parents[1] / "tests" / "protocol" / "data"
VARIANTS = [
    "def add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n",
    "def add(a, b):\n    return abs(a) + abs(b)\n",
    "def add(a, b):\n    return 0\n",
]


def answer(request) -> str:
    phase, agent, round_no = request.meta["phase"], request.meta["agent"], request.meta["round"]
    if phase in ("propose", "revise"):
        n = int(agent.split("_")[1])
        code = VARIANTS[(n + round_no) % 3].replace("return", f"# call seed {request.seed}\n    return", 1)
        return f"```python\n{code}```"
    if phase == "critique":
        return "### Agent 1\nBUGS:\n1. test_add_negative: wrong sign\n### Agent 2\nBUGS: none\n"
    return "VOTE: ABSTAIN\nCONFIDENCE: 0.5"


class TimedExecutor:
    """Wall-clock seconds spent waiting on the executor (tests and Pylint/Radon metrics)."""

    def __init__(self, inner: Executor) -> None:
        self.inner, self.busy, self._open, self._since = inner, 0.0, 0, 0.0

    async def arun(self, task, files, hidden=False):
        if self._open == 0:
            self._since = time.perf_counter()
        self._open += 1
        try:
            return await self.inner.arun(task, files, hidden=hidden)
        finally:
            self._open -= 1
            if self._open == 0:
                self.busy += time.perf_counter() - self._since


def one_run(inner: Executor, rounds: int, seed: int) -> dict[str, float]:
    executor = TimedExecutor(inner)
    task = load_task(DATA / "add_easy.json")
    settings = DebateSettings(agents=["a", "b", "c"], max_rounds=rounds, early_stop_on_perfect=False, seed=seed)
    backends: dict[str, ScriptedBackend] = {}
    start = time.perf_counter()
    state, records = asyncio.run(execute_run(
        task, settings, backend_for=lambda m: backends.setdefault(m, ScriptedBackend(answer, name=m)),
        executor=executor, experiment="bench"))
    wall = time.perf_counter() - start
    row = records.summary.iloc[0]
    return {"wall": wall, "exec": executor.busy, "llm": float(row["total_llm_time"]),
            "calls": len(state.calls), "solutions": int(row["all_solutions_count"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    executor = Executor(ExecutorSettings(timeout_s=30.0, metrics=True), cache_dir=None)
    runs = [one_run(executor, args.rounds, seed) for seed in range(args.repeats)]
    med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    rest = med["wall"] - med["exec"] - med["llm"]
    print(f"debate runs: {args.repeats} x (3 proposers, {args.rounds} rounds, all phases), scripted backend")
    print(f"{'median per run':<28}{'seconds':>10}")
    print(f"{'  wall clock':<28}{med['wall']:>10.3f}")
    print(f"{'  waiting on the executor':<28}{med['exec']:>10.3f}")
    print(f"{'  model calls (scripted)':<28}{med['llm']:>10.3f}")
    print(f"{'  protocol + records':<28}{rest:>10.3f}")
    print(f"model calls per run: {med['calls']:.0f}, solutions tested per run: {med['solutions']:.0f}")


if __name__ == "__main__":
    main()
