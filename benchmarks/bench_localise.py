"""Localisation without a model on tasks_repo/: is the gold function on the fault chains' paths?

    .venv/bin/python benchmarks/bench_localise.py [TASK_FOLDER]

Runs what round 1 of ``swe_debate`` runs (docs/swe_debate.md, "Fault chains"): the unpatched
repository's visible and other tests in the sandboxed executor, the dependency graph, entry points
from the failures and the issue text, and the top 5 chains. Prints per task whether the gold
function is on the top-ranked chain's path and on any top-5 chain's path, and whether it is the root
cause (where the walk ends: what a fallback plan fixes) of the top chain or of any top-5 chain; then
totals per category. Chains as the protocols build them by default (every function on a walk can be a
root cause); ``--whole-walks``: a chain per whole walk only (option ``whole_walks``).
"""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict
from pathlib import Path

from codedebate.executor import Executor, ExecutorSettings
from codedebate.protocol.swe_debate.localise import localise
from codedebate.protocol.swe_debate.options import SweDebateOptions
from codedebate.repo.scoring import score_changes
from codedebate.tasks import load_tasks

ROOT = Path(__file__).resolve().parents[1]


async def localise_task(task, executor, whole_walks: bool) -> tuple[bool, bool, bool, bool, int]:
    """(gold on top-1 path, on a top-5 path, top-1 root, a top-5 root, chains kept), as LocalisePhase does it."""
    opts = SweDebateOptions(whole_walks=whole_walks)
    _, _, chains, gold = localise(task, await score_changes(task, {}, executor), top_k=opts.top_k,
                                  max_depth=opts.max_depth, max_branches=opts.max_branches, whole_walks=whole_walks)
    return (any(gold in c.path for c in chains[:1]), any(gold in c.path for c in chains[:5]),
            any(gold == c.root for c in chains[:1]), any(gold == c.root for c in chains[:5]), len(chains))


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--whole-walks"]
    whole_walks = "--whole-walks" in sys.argv[1:]
    folder = Path(args[0]) if args else ROOT / "tasks_repo"
    tasks = load_tasks(folder)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    heads = ("path@1", "path@5", "root@1", "root@5")
    print(f"chains: {'whole walks' if whole_walks else 'every node of a walk'}")
    print(f"{'task':<28}{'category':<14}" + "".join(f"{h:>8}" for h in heads) + f"{'chains':>8}")
    with Executor(ExecutorSettings(timeout_s=60.0, metrics=False), cache_dir=None) as executor:
        for task in tasks:
            *hits, n = asyncio.run(localise_task(task, executor, whole_walks))
            for key in (task.category, "all"):
                for i, hit in enumerate(hits):
                    totals[key][i] += hit
                totals[key][4] += 1
            print(f"{task.id:<28}{task.category:<14}" + "".join(f"{'yes' if h else 'no':>8}" for h in hits)
                  + f"{n:>8}", flush=True)
    print()
    for key, (p1, p5, r1, r5, n) in sorted(totals.items()):
        print(f"{key:<14} gold on top-1 path {p1}/{n}, on a top-5 path {p5}/{n}; "
              f"root of top-1 {r1}/{n}, root of a top-5 chain {r5}/{n}")


if __name__ == "__main__":
    main()
