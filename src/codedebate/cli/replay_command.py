"""``codedebate replay RUN_DIR``: rerun a recorded run with no model, answering every call from
its own transcript, and check that the new records equal the old ones (timing aside).

Exit status: 0 identical, 1 the records differ (both written; the first difference printed),
2 bad input, 3 a call the transcript does not hold (the call and the first differing prompt
line are named; no records written).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from codedebate.errors import InputError

if TYPE_CHECKING:
    import pandas as pd

    from codedebate.records import RunRecords

EXIT_DIFFERENT, EXIT_BAD_INPUT, EXIT_MISMATCH = 1, 2, 3

#: columns a replay may change: wall-clock times, the code version and the response-cache counts
VOLATILE_COLUMNS: dict[str, tuple[str, ...]] = {
    "summary": ("duration_seconds", "avg_round_duration", "total_llm_time", "total_execution_time",
                "model_seconds", "started_at", "code_version", "cache_hits", "cache_misses"),
    "per_round": ("generation_time",),
    "transcript": ("seconds",),
}


class ReplayInputError(InputError):
    """A run folder cannot be replayed (records missing, task not found)."""

    noun = "record"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="rerun a recorded run from its transcript (no model) and check the records are identical",
        description="Rerun RUN_DIR's run with its recorded settings, answering every model call from "
        "RUN_DIR/transcript.parquet; write the new records to --output and compare them with the "
        "old ones (timing columns aside). See docs/replay.md.",
    )
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="folder with summary/per_round/transcript.parquet")
    p.add_argument("--output", "-o", required=True, type=Path, metavar="DIR", help="folder for the replayed records")
    p.add_argument("--task", type=Path, metavar="PATH",
                   help="task JSON file (default: the file with the run's task id under --tasks-dir)")
    p.add_argument("--tasks-dir", type=Path, action="append", default=[], metavar="DIR",
                   help="folder to look for the task in, repeatable (default: the run's task_set folder)")
    p.add_argument("--cache-dir", type=Path, metavar="DIR", help="executor result cache (default: none)")
    p.set_defaults(func=cmd_replay)


def find_task(task_id: str, task_set: str, task_arg: Path | None, roots: list[Path]) -> Any:
    """The task of a run: ``--task``, else ``<root>/**/<task_id>.json`` whose id matches."""
    from codedebate.tasks import load_task

    if task_arg is not None:
        task = load_task(task_arg)
        if task.id != task_id:
            raise ReplayInputError(task_arg, "id", f"is {task.id!r}, but the run was on {task_id!r}")
        return task
    from codedebate.tasks import TaskError

    roots = roots or [Path(task_set or "tasks")]
    for root in roots:
        named = sorted(root.rglob(f"{task_id}.json"))
        for path in named + [p for p in sorted(root.rglob("*.json")) if p not in named]:
            try:
                task = load_task(path)
            except TaskError:  # another file that is no task (or a broken one): not the run's task
                continue
            if task.id == task_id:
                return task
    searched = ", ".join(str(r) for r in roots)
    raise ReplayInputError(searched, None, f"holds no task with id {task_id!r}; give --task or --tasks-dir")


def read_run(run_dir: Path) -> RunRecords:
    """The three record tables of one run folder."""
    from codedebate.records import WRITE_ORDER, RunRecords, read_table

    tables = {}
    for table in WRITE_ORDER:
        path = run_dir / f"{table}.parquet"
        if not path.is_file():
            raise ReplayInputError(run_dir, f"{table}.parquet", "is missing; is this a run folder?")
        tables[table] = read_table(path, table)
    if len(tables["summary"]) != 1:
        raise ReplayInputError(run_dir / "summary.parquet", None,
                               f"has {len(tables['summary'])} rows; replay one run folder, not merged records")
    return RunRecords(**tables)


def differences(old: RunRecords, new: RunRecords) -> list[str]:
    """Where two runs' records differ, ignoring VOLATILE_COLUMNS; one line per differing column."""
    out = []
    for table, skip in VOLATILE_COLUMNS.items():
        a = _stable(getattr(old, table), table, skip)
        b = _stable(getattr(new, table), table, skip)
        if list(a.columns) != list(b.columns):
            out.append(f"{table}: columns differ: {sorted(set(a.columns) ^ set(b.columns))}")
            continue
        if len(a) != len(b):
            out.append(f"{table}: {len(a)} rows recorded, {len(b)} now")
            continue
        for col in a.columns:
            row = next((i for i in range(len(a)) if not _same(a[col].iloc[i], b[col].iloc[i])), None)
            if row is not None:
                out.append(f"{table}.{col} row {row}: recorded {_short(a[col].iloc[row])}, now {_short(b[col].iloc[row])}")
    return out


def _stable(df: pd.DataFrame, table: str, skip: tuple[str, ...]) -> pd.DataFrame:
    from codedebate.records import conform

    df = conform(df, table, strict=False)
    return df.drop(columns=[c for c in skip if c in df.columns]).reset_index(drop=True)


def _same(a: Any, b: Any) -> bool:
    import pandas as pd

    if pd.isna(a) and pd.isna(b):
        return True
    return bool(a == b) if not (pd.isna(a) or pd.isna(b)) else False


def _short(value: Any, limit: int = 120) -> str:
    if hasattr(value, "item"):  # numpy scalar -> plain Python value
        value = value.item()
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def cmd_replay(args: argparse.Namespace) -> int:
    from codedebate.backends.base import BackendError
    from codedebate.protocol import DebateSettings
    from codedebate.records import RecordError, writer_lock

    original = read_run(args.run_dir)
    row = original.summary.iloc[0]
    settings = DebateSettings.from_mapping(json.loads(row["settings"]),
                                           f"{args.run_dir / 'summary.parquet'} (settings)")
    task = find_task(str(row["task_id"]), str(row["task_set"] or ""), args.task, args.tasks_dir)
    try:
        with writer_lock(args.output):
            try:
                replayed = asyncio.run(_replay(task, settings, original, row, args))
            except BackendError as exc:
                cause = getattr(exc, "cause", exc)
                print(f"error: {cause}\nno records written to {args.output}", file=sys.stderr)
                return EXIT_MISMATCH
            replayed.write(args.output, lock=False)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    diff = differences(original, replayed)
    if diff:
        print(f"{args.run_dir}: replay differs from the records ({len(diff)} column(s)):", file=sys.stderr)
        for line in diff:
            print(f"  {line}", file=sys.stderr)
        return EXIT_DIFFERENT
    calls = len(original.transcript)
    print(f"{args.run_dir}: replayed {calls} call(s); records identical (timing columns aside); "
          f"written to {args.output}")
    return 0


async def _replay(task: Any, settings: Any, original: RunRecords, row: Any,
                  args: argparse.Namespace) -> RunRecords:
    from codedebate.backends.replay import ReplayMismatch, Transcript, recorded_calls
    from codedebate.executor import Executor, ExecutorSettings
    from codedebate.protocol.runner import execute_run

    transcript = Transcript(recorded_calls(original.transcript.to_dict("records")),
                            json.loads(row["backend_info"] or "{}"))
    executor = Executor(ExecutorSettings(timeout_s=settings.executor_timeout_s, metrics=True),
                        cache_dir=args.cache_dir)
    try:
        _, records = await execute_run(task, settings, backend_for=transcript.backend, executor=executor,
                                       experiment=str(row["experiment"]), task_set=str(row["task_set"] or ""))
    finally:
        close = getattr(executor, "close", None)
        if callable(close):
            close()
    left = transcript.unused()
    if left:
        raise ReplayMismatch(f"replay: the run made fewer calls than recorded; {left[0].where} "
                             f"and {len(left) - 1} more were never asked for")
    return records
