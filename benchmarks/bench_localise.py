"""Localisation without a model on tasks_repo/: is the gold function on the fault chains' paths?

    .venv/bin/python benchmarks/bench_localise.py [TASK_FOLDER]

Runs what round 1 of ``swe_debate`` runs (docs/swe_debate.md, "Fault chains"): the unpatched
repository's visible and other tests in the sandboxed executor, the dependency graph, entry points
from the failures and the issue text, and the top 5 chains. Prints per task whether the gold
function is on the top-ranked chain's path and on any top-5 chain's path, then totals per category.
"""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict
from pathlib import Path

from codedebate.executor import Executor, ExecutorSettings
from codedebate.repo.chains import fault_chains, gold_node, issue_entries, traceback_entries
from codedebate.repo.graph import graph_for
from codedebate.repo.scoring import protected_files, score_changes
from codedebate.tasks import load_tasks
from codedebate.tasks.repo_scoring import group_result

ROOT = Path(__file__).resolve().parents[1]


async def localise(task, executor) -> tuple[bool, bool, int]:
    """(gold on top-1 path, gold on a top-5 path, chains kept) for one task, as LocalisePhase does it."""
    baseline = await score_changes(task, {}, executor)
    failures = [(t.name, t.message) for t in group_result(baseline, task.visible_tests).tests if not t.passed]
    graph = graph_for(task.source_files())
    tests = set(protected_files(task))
    entries = traceback_entries(graph, failures, {}) + issue_entries(graph, task.issue, tests)
    chains = fault_chains(graph, entries, exclude_files=tests)
    gold = gold_node(graph, task.gold)
    return (any(gold in c.path for c in chains[:1]), any(gold in c.path for c in chains[:5]), len(chains))


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tasks_repo"
    tasks = load_tasks(folder)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    print(f"{'task':<28}{'category':<14}{'top-1':>7}{'top-5':>7}{'chains':>8}")
    with Executor(ExecutorSettings(timeout_s=60.0, metrics=False), cache_dir=None) as executor:
        for task in tasks:
            top1, top5, n = asyncio.run(localise(task, executor))
            for key in (task.category, "all"):
                totals[key][0] += top1
                totals[key][1] += top5
                totals[key][2] += 1
            print(f"{task.id:<28}{task.category:<14}{'yes' if top1 else 'no':>7}{'yes' if top5 else 'no':>7}{n:>8}",
                  flush=True)
    print()
    for key, (top1, top5, n) in sorted(totals.items()):
        print(f"{key:<14} gold on top-1 path {top1}/{n}, on a top-5 path {top5}/{n}")


if __name__ == "__main__":
    main()
