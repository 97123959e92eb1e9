"""The repository study's commands (docs/swe_debate.md): ``repo-gates`` (check repository tasks'
benchmark gates in the sandboxed executor) and ``swe-tables`` (localisation accuracy, resolve
rate and cost by arm, paired tests)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("repo-gates", help="check repository tasks: the bug shows, the reference patch fixes it, "
                                          "the other tests pass before and after")
    g.add_argument("tasks", nargs="+", type=Path, metavar="TASK_OR_FOLDER", help="task JSON files or folders of them")
    g.add_argument("--timeout", type=float, default=60.0, metavar="S", help="seconds per test-file run (default 60)")
    g.set_defaults(func=cmd_repo_gates)

    t = sub.add_parser("swe-tables", help="repository study: localisation, resolve rate and cost by arm; paired tests")
    t.add_argument("--records", nargs="+", type=Path, required=True, metavar="DIR_OR_FILE",
                   help="record folders (searched recursively) or Parquet files")
    t.add_argument("--arm", default="experiment", help="summary column naming the arms (default experiment)")
    t.add_argument("--output", type=Path, default=Path("results/swe"), metavar="DIR",
                   help="output folder (default results/swe)")
    t.set_defaults(func=cmd_swe_tables)


def cmd_repo_gates(args: argparse.Namespace) -> int:
    import asyncio

    from codedebate.executor import Executor, ExecutorSettings
    from codedebate.repo.scoring import check_gates
    from codedebate.tasks import load_tasks

    tasks = [t for path in args.tasks for t in load_tasks(path)]
    bad = 0
    with Executor(ExecutorSettings(timeout_s=args.timeout, metrics=False)) as executor:
        for task in tasks:
            if type(task).kind != "repository":
                print(f"{task.id}: skipped (a {type(task).kind} task)")
                continue
            report = asyncio.run(check_gates(task, executor))
            failed = [name for name in ("unpatched_visible_fails", "reference_passes_visible",
                                        "reference_passes_hidden", "others_pass_unpatched", "others_pass_patched")
                      if not getattr(report, name)]
            bad += bool(failed)
            print(f"{task.id}: {'ok' if not failed else 'FAILED ' + ', '.join(failed)}"
                  + (f" ({report.notes})" if failed and report.notes else ""))
    return 1 if bad else 0


def cmd_swe_tables(args: argparse.Namespace) -> int:
    from codedebate.stats.load import RecordsNotFound, load_records
    from codedebate.stats.swe_tables import swe_tables
    from codedebate.stats.tables import to_markdown, write_table

    try:
        tables = swe_tables(load_records(args.records).summary, args.arm)
    except (RecordsNotFound, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for name, df in tables.items():
        if not df.empty:
            write_table(df, args.output, name)
            print(to_markdown(df))
    print(f"wrote tables to {args.output}")
    return 0
