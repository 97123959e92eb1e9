"""A small hand-made set of runs whose table values are worked out by hand in the tests.

Task set "T": tasks t1, t2 (easy) and t3, t4 (hard). Two solo experiments (models m1, m2), a
debate "deb" (proposers m1,m2,m3, no judge) and a judged debate "deb_j" (same proposers, judge J).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pandas as pd
import pytest

from codedebate.records import RunRecords, conform
from codedebate.stats.load import Records

TASKS = {"t1": "easy", "t2": "easy", "t3": "hard", "t4": "hard"}
# experiment -> (mode, agents, judge, {task: (final, [round-1 pass rates], [round-2 pass rates])})
RUNS = {
    "solo_a": ("solo", "m1", "", {"t1": (1.0, [1.0], []), "t2": (0.5, [0.5], []),
                                  "t3": (0.0, [0.0], []), "t4": (0.25, [0.25], [])}),
    "solo_b": ("solo", "m2", "", {"t1": (1.0, [1.0], []), "t2": (1.0, [1.0], []),
                                  "t3": (0.5, [0.5], []), "t4": (0.25, [0.25], [])}),
    "deb": ("debate", "m1,m2,m3", "", {
        "t1": (1.0, [1.0, 0.6, 0.8], []),
        "t2": (1.0, [0.5, 0.5, 0.5], [1.0, 0.5, 0.5]),
        "t3": (0.5, [0.5, 0.2, 0.2], [0.5, 0.5, 0.2]),
        "t4": (0.75, [0.25, 0.25, 0.25], [0.75, 0.25, 0.5]),
    }),
    "deb_j": ("debate", "m1,m2,m3", "J", {
        "t1": (1.0, [1.0, 1.0, 1.0], []),
        "t2": (1.0, [1.0, 0.0, 0.0], []),
        "t3": (1.0, [0.5, 0.5, 0.0], [1.0, 0.5, 0.5]),
        "t4": (0.5, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]),
    }),
}


@lru_cache(maxsize=1)
def build_runs() -> tuple[RunRecords, ...]:
    """One RunRecords per (experiment, task) of RUNS (built once; callers must not mutate)."""
    runs = []
    for exp, (mode, agents, judge, by_task) in RUNS.items():
        for task, (final, r1, r2) in by_task.items():
            rid = f"{exp}-{task}"
            rows = [
                {"debate_id": rid, "experiment": exp, "task_id": task, "difficulty": TASKS[task],
                 "agent_id": f"agent_{i + 1}", "model": agents.split(",")[i % len(agents.split(","))],
                 "round_num": rnd, "is_revision": rnd > 1, "pass_rate": p}
                for rnd, rates in ((1, r1), (2, r2)) for i, p in enumerate(rates)
            ]
            summary = {
                "debate_id": rid, "experiment": exp, "source": "codedebate", "task_id": task,
                "difficulty": TASKS[task], "task_set": "T", "mode": mode,
                "agent_models": agents, "judge_model": judge, "num_agents": len(agents.split(",")),
                "final_pass_rate": final, "best_initial_pass_rate": max(r1),
                "avg_initial_pass_rate": sum(r1) / len(r1), "total_rounds": 2 if r2 else 1,
                "duration_seconds": 10.0 * (2 if r2 else 1) + (5.0 if mode == "debate" else 0.0),
                "total_tokens": 100 * len(rows), "hidden_pass_rate": final - 0.25 if final >= 0.25 else 0.0,
                "initial_avg_pylint": 6.0, "final_pylint": 7.0,
                "initial_avg_complexity": 3.0, "final_complexity": 4.0,
            }
            runs.append(RunRecords(
                summary=conform(pd.DataFrame([summary]), "summary"),
                per_round=conform(pd.DataFrame(rows), "per_round"),
                transcript=conform(pd.DataFrame(), "transcript"),
            ))
    return tuple(runs)


@pytest.fixture
def synthetic() -> Records:
    runs = build_runs()
    return Records(
        summary=pd.concat([r.summary for r in runs], ignore_index=True),
        per_round=pd.concat([r.per_round for r in runs], ignore_index=True),
    )


@pytest.fixture
def runs_dir(tmp_path: Path) -> Path:
    """The synthetic runs written as per-cell record folders results/runs/<exp>/<task>/0/."""
    root = tmp_path / "runs"
    for run in build_runs():
        exp, task = run.summary["experiment"].iloc[0], run.summary["task_id"].iloc[0]
        run.write(root / exp / task / "0")
    return root
