"""Task subcommands: ``validate`` (quality gates), ``show-task`` (agent view), ``task-table``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from codedebate.tasks.quality import TaskReport, check_tasks, structure_problems
from codedebate.tasks import Task, TaskError, load_task, merge_task_sets

if TYPE_CHECKING:
    from codedebate.executor import Executor


def register(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser(
        "validate",
        help="run each task's reference solution (and, with --mutations, the stub and mutation gates)",
        description="Check that every reference passes all visible and hidden tests of its task; "
        "with --mutations also that a stub passes no visible test and each mutation fails one.",
    )
    v.add_argument("paths", nargs="+", metavar="TASK_OR_DIR", help="task JSON files or folders")
    v.add_argument("--reference", required=True, type=Path, metavar="DIR", help="references folder (<DIR>/<task_id>/)")
    v.add_argument("--mutations", action="store_true", help="also run the stub and mutation gates")
    v.add_argument("--structure", action="store_true", help="also check benchmark shape (4-16 visible, 3+ hidden tests)")
    v.add_argument("--jobs", type=int, default=1, metavar="N", help="tasks checked in parallel (default 1)")
    v.add_argument("--timeout", type=float, default=30.0, metavar="S", help="executor timeout per run (default 30)")
    v.add_argument("--cache-dir", type=Path, default=None, metavar="DIR", help="executor result cache (default: none)")
    v.set_defaults(func=cmd_validate)

    s = sub.add_parser("show-task", help="print a task exactly as agents see it (hidden tests never shown)")
    s.add_argument("task", type=Path, metavar="TASK.json")
    s.set_defaults(func=cmd_show_task)

    t = sub.add_parser("task-table", help="write the Markdown table of all tasks (tasks/README.md)")
    t.add_argument("dirs", nargs="*", type=Path, default=[Path("tasks"), Path("tasks2")], metavar="DIR")
    t.add_argument("--output", type=Path, default=None, metavar="FILE", help="write here (default: stdout)")
    t.add_argument("--check", action="store_true", help="exit 1 if --output is not up to date; write nothing")
    t.set_defaults(func=cmd_task_table)


# --------------------------------------------------------------------------- validate


def make_executor(timeout_s: float, cache_dir: Path | None) -> Executor:
    """The real executor without metrics (Pylint/Radon are irrelevant to the gates)."""
    from codedebate.executor import Executor, ExecutorSettings

    return Executor(ExecutorSettings(timeout_s=timeout_s, metrics=False), cache_dir=cache_dir)


def _frac(pair: tuple[int, int] | None) -> str:
    return "-" if pair is None else f"{pair[0]}/{pair[1]}"


def report_table(reports: list[TaskReport]) -> Table:
    table = Table(title="Task quality gates")
    table.add_column("task", no_wrap=True)
    for col in ("difficulty", "visible", "hidden", "stub passes", "mutations caught", "status"):
        table.add_column(col)
    for r in reports:
        stub = "-" if r.stub_passed is None else str(r.stub_passed)
        status = "[green]ok[/green]" if r.ok else "[red]FAIL[/red]"
        table.add_row(r.task_id, r.difficulty, _frac(r.visible), _frac(r.hidden), stub, _frac(r.mutations_killed), status)
    return table


def cmd_validate(args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        tasks = [task for task, _sets in merge_task_sets(args.paths).values()]
    except TaskError as exc:
        err.print(f"[red]error:[/red] {exc}", markup=True, highlight=False)
        return 2
    if not args.reference.is_dir():
        err.print(f"[red]error:[/red] --reference {args.reference}: not a folder; give the folder "
                  "that holds <task_id>/solution.py (see references/README.md)", highlight=False)
        return 2
    with make_executor(args.timeout, args.cache_dir) as executor:
        reports = check_tasks(tasks, args.reference, executor, mutations=args.mutations, jobs=max(1, args.jobs))
    problems = [p for t in tasks for p in structure_problems(t)] if args.structure else []
    out = Console()
    if not out.is_terminal:
        out.width = 160  # logs and pipes: keep long task ids on one line
    out.print(report_table(reports))
    failed = [r for r in reports if not r.ok]
    for r in failed:
        out.print(r.summary(), markup=False, highlight=False)
    for p in problems:
        out.print(f"structure: {p}", markup=False, highlight=False)
    out.print(f"{len(reports) - len(failed)}/{len(reports)} tasks pass the gates"
              + (f"; {len(problems)} structure problems" if args.structure else ""), highlight=False)
    return 1 if failed or problems else 0


# --------------------------------------------------------------------------- show-task


def render_task(task: Task) -> str:
    """The task exactly as the debate's prompts show it (``prompts.format_task``; no hidden tests)."""
    from codedebate.protocol.prompts import format_task

    return format_task(task)


def cmd_show_task(args: argparse.Namespace) -> int:
    print(render_task(load_task(args.task)))  # a TaskError ends in the dispatcher: exit 2
    return 0


# --------------------------------------------------------------------------- task-table


def cmd_task_table(args: argparse.Namespace) -> int:
    from codedebate.tasks.table import task_table_markdown

    text = task_table_markdown(args.dirs)  # a TaskError ends in the dispatcher: exit 2
    if args.output is None:
        print(text, end="")
        return 0
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is out of date; run: codedebate task-table --output {args.output}", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0
