"""``codedebate run-batch``: several tasks in lock step (round by round), optionally stopped
together by the stability rule; one records folder per task plus a batch marker.

Everything runs in memory first: a failed batch (backend down, bad task) writes nothing, and a
failure while writing removes what this call wrote, so a rerun starts clean.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from codedebate.backends.base import Backend, BackendError
from codedebate.pipeline.paths import BATCH_MARKER
from codedebate.protocol import DebateSettings, SettingsError
from codedebate.tasks import TaskError

from .run_command import check_backend_options, default_task_set, parse_option_pairs

EXIT_BAD_INPUT, EXIT_BACKEND = 2, 3
MARKER = BATCH_MARKER  # the workflow's marker of a finished batch cell


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "run-batch", help="run several tasks in lock step (stability stop rule optional); records per task",
        description="Run the protocol on every task, round by round together. With --stability the batch "
        "stops when the distribution of correct agents per task stops moving (docs/stability.md). Writes "
        "each task's records to --output (a pattern with {task}, or a folder that gets one subfolder per "
        "task) and the batch marker (rule trace, members) last.")
    p.add_argument("--tasks", required=True, nargs="+", type=Path, metavar="PATH",
                   help="task files, task folders, or pairwise JSONL files (input, output_1, output_2, label)")
    p.add_argument("--output", required=True, metavar="PATTERN", help="records folder per task: DIR or 'DIR/{task}/...'")
    p.add_argument("--marker", type=Path, metavar="FILE", help=f"batch marker file (default: DIR/{MARKER})")
    p.add_argument("--settings", type=Path, metavar="FILE.yaml", help="run settings (see docs/protocol.md)")
    p.add_argument("--protocol", metavar="NAME", help="registered protocol name (e.g. debate, judge_debate)")
    p.add_argument("--agents", nargs="+", metavar="MODEL", help="agent models")
    p.add_argument("--max-rounds", type=int, metavar="N", help="rounds at most")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", dest="options",
                   help="a protocol option (protocol_options.KEY), repeatable")
    p.add_argument("--seed", type=int, metavar="S", help="run seed")
    p.add_argument("--stability", action=argparse.BooleanOptionalAction, default=False,
                   help="stop the batch by the stability rule (default: off)")
    p.add_argument("--stability-option", action="append", default=[], metavar="KEY=VALUE", dest="stability_options",
                   help="a stability setting (threshold, patience, grid_points, restarts, max_rounds, distance, seed, "
                        "tolerance, max_iter), repeatable; implies --stability")
    p.add_argument("--experiment", default="default", metavar="NAME", help="experiment tag (default: default)")
    p.add_argument("--task-set", metavar="NAME", help="task set name (default: each task's folder)")
    p.add_argument("--cache-dir", type=Path, metavar="DIR", help="executor result cache (default: none)")
    p.set_defaults(func=cmd_run_batch)


def load_batch_tasks(paths: list[Path]) -> list[tuple[Any, str]]:
    """(task, task set name) for every task in the given files, folders and JSONL files."""
    from codedebate.tasks import load_tasks
    from codedebate.tasks.pairwise import load_pairwise_jsonl

    out: list[tuple[Any, str]] = []
    for path in paths:
        if path.suffix == ".jsonl":
            out.extend((t, path.stem) for t in load_pairwise_jsonl(path))
        else:
            out.extend((t, default_task_set(Path(t.source_path))) for t in load_tasks(path))
    return out


def stability_settings(args: argparse.Namespace):
    """The rule's settings from --stability-option (None when the rule is off)."""
    from codedebate.stability import StabilitySettings

    if not args.stability and not args.stability_options:
        return None
    try:
        return StabilitySettings.from_mapping(parse_option_pairs(args.stability_options))
    except ValueError as exc:
        key, _, message = str(exc).partition(": ")
        raise SettingsError("command line", f"--stability-option {key}", message) from None


def batch_settings(args: argparse.Namespace) -> DebateSettings:
    base = DebateSettings.from_yaml(args.settings) if args.settings else DebateSettings()
    overrides: dict[str, Any] = {}
    if args.protocol:
        overrides["protocol"] = args.protocol
    if args.agents:
        overrides["agents"] = list(args.agents)
    if args.max_rounds is not None:
        overrides["max_rounds"] = args.max_rounds
    if args.seed is not None:
        overrides["seed"] = args.seed
    if args.options:
        overrides["protocol_options"] = {**base.protocol_options, **parse_option_pairs(args.options)}
    return base.replace("command line", **overrides) if overrides else base


def task_folder(pattern: str, task_id: str) -> Path:
    return Path(pattern.replace("{task}", task_id)) if "{task}" in pattern else Path(pattern) / task_id


def write_batch(records: list[Any], folders: list[Path], marker: dict[str, Any], marker_path: Path) -> None:
    """Each task's tables, then the marker (atomic); on failure remove what this call wrote."""
    from codedebate.records import WRITE_ORDER

    written: list[Path] = []
    try:
        for rec, folder in zip(records, folders):
            paths = rec.write(folder)
            written.extend(paths[t] for t in WRITE_ORDER)
        marker_path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{marker_path.name}.", dir=marker_path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(marker, fh, indent=1, sort_keys=True)
        os.replace(tmp, marker_path)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise


def cmd_run_batch(args: argparse.Namespace) -> int:
    try:
        settings = batch_settings(args)
        check_backend_options(settings, str(args.settings or "settings"))
        stability = stability_settings(args)
        loaded = load_batch_tasks(args.tasks)
    except (SettingsError, TaskError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    tasks = [t for t, _ in loaded]
    sets = [args.task_set or s for _, s in loaded]
    folders = [task_folder(args.output, t.id) for t in tasks]
    marker_path = args.marker or (Path(args.output.split("{task}")[0]) / MARKER)
    try:
        run, records = asyncio.run(_run(tasks, sets, settings, stability, args))
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BackendError as exc:
        print(f"error: backend failure: {exc}\nno records written for this batch", file=sys.stderr)
        return EXIT_BACKEND
    write_batch(records, folders, run.marker(), marker_path)
    correct = sum(float(r.summary.iloc[0]["final_pass_rate"]) >= 1.0 for r in records)
    rounds = sum(int(r.summary.iloc[0]["total_rounds"]) for r in records)
    stop = f"stability rule stopped it after round {run.stop_round}" if run.stop_round else "no batch stop"
    print(f"batch {run.batch_id}: {len(tasks)} tasks, {rounds} task-rounds, {correct} fully correct; {stop}")
    print(f"records in {len(folders)} folders ({args.output}); marker {marker_path}")
    return 0


async def _run(tasks: list[Any], sets: list[str], settings: DebateSettings, stability: Any,
               args: argparse.Namespace) -> tuple[Any, list[Any]]:
    from codedebate.backends import get_backend
    from codedebate.executor import Executor, ExecutorSettings
    from codedebate.protocol.batch import execute_batch

    from .progress import PlainProgress

    plain = PlainProgress(f"batch of {len(tasks)}", sys.stderr)

    def progress(event: str, **info: Any) -> None:
        if event == "stability":
            dist = info.get("distance")
            text = "n/a" if dist is None else f"{dist:.4f}"
            print(f"stability after round {info['round']}: KS {text}{' -> stop' if info.get('stop') else ''}",
                  file=sys.stderr, flush=True)
        elif event == "stop":
            print(f"{info.get('task')}: stopped ({info['reason']}) after round {info['round']}", file=sys.stderr, flush=True)
        else:
            plain(event, **info)

    executor = Executor(ExecutorSettings(timeout_s=settings.executor_timeout_s, metrics=True), cache_dir=args.cache_dir)

    def backend_for(model: str) -> Backend:
        return get_backend(model, **settings.backend)

    try:
        return await execute_batch(tasks, settings, backend_for=backend_for, executor=executor, stability=stability,
                                   experiment=args.experiment, task_sets=sets,
                                   progress=progress)
    finally:
        close = getattr(executor, "close", None)
        if callable(close):
            close()
