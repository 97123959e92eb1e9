"""``codedebate run``: one debate (or solo attempt) on one task, written as Parquet records.

Options override the ``--settings`` YAML. A backend failure exits with status 3 and writes no
record file (records are written only at the end, atomically, summary last).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from codedebate.backends.base import Backend, BackendError
from codedebate.protocol import DebateSettings, SettingsError, protocol_names
from codedebate.tasks import DIFFICULTIES, Task, TaskError, load_task

if TYPE_CHECKING:  # type hints only (records imports pandas)
    from codedebate.protocol import DebateState
    from codedebate.protocol.context import ProgressSink
    from codedebate.records import RunRecords

EXIT_BAD_INPUT, EXIT_BACKEND = 2, 3


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "run",
        help="run one debate (or solo attempt) on one task and write its Parquet records",
        description="Run the protocol on one task; write DIR/summary.parquet, DIR/per_round.parquet "
        "and DIR/transcript.parquet. Options override values of --config, which override "
        "--settings. The thesis's `python -m src.main` flags (--task, --agents, --judge, --solo, "
        "--max-rounds, --output, --config, --verbose) mean the same here (docs/thesis-cli.md).",
    )
    p.add_argument("--task", required=True, type=Path, metavar="PATH", help="task JSON file")
    p.add_argument("--output", type=Path, metavar="DIR",
                   help="folder for the record files (default: results/runs/EXPERIMENT/TASK_ID/SEED, printed)")
    p.add_argument("--settings", type=Path, metavar="FILE.yaml", help="run settings (see docs/protocol.md)")
    p.add_argument("--config", type=Path, metavar="CONFIG.yaml",
                   help="the thesis's config.yaml (ollama.*, debate.*); flags win over it")
    p.add_argument("--agents", nargs="+", metavar="MODEL",
                   help="proposer models, space- or comma-separated (default: 3 x the embedded model)")
    p.add_argument("--judge", metavar="MODEL", help="judge model (critiques and votes only); 'none' for no judge")
    p.add_argument("--protocol", metavar="NAME", help="registered protocol name: " + " | ".join(protocol_names()))
    p.add_argument("--solo", action="store_true",
                   help="one model, one attempt (same as --protocol solo); with several --agents, the first")
    p.add_argument("--max-rounds", type=int, metavar="N", help="rounds at most (>= 1, default 5)")
    p.add_argument("--adaptive-temperature", action=argparse.BooleanOptionalAction, default=None,
                   help="raise the revision temperature while an agent does not improve")
    p.add_argument("--critique-history", action=argparse.BooleanOptionalAction, default=None,
                   help="show earlier rounds' bugs in revision prompts")
    p.add_argument("--revision-strategy", choices=("uniform", "diverse"), help="same or different revision focus")
    p.add_argument("--show-all-solutions", action=argparse.BooleanOptionalAction, default=None,
                   help="revisers see all other solutions, not only the best one")
    p.add_argument("--early-stop", dest="early_stop_on_perfect", action=argparse.BooleanOptionalAction,
                   default=None, help="stop after round 1 when a proposal passes every test")
    p.add_argument("--max-tokens", type=int, metavar="N", help="completion tokens per call")
    p.add_argument("--seed", type=int, metavar="S", help="run seed")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", dest="options",
                   help="a protocol option (protocol_options.KEY; VALUE read as YAML), repeatable")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print each model call's prompt and reply as the run goes")
    p.add_argument("--experiment", default="default", metavar="NAME", help="experiment tag (default: default)")
    p.add_argument("--task-set", metavar="NAME",
                   help="task set name (default: the task's nearest folder that is not a difficulty)")
    p.add_argument("--cache-dir", type=Path, metavar="DIR", help="executor result cache (default: none)")
    p.add_argument("--cache", type=Path, metavar="DIR", dest="response_cache",
                   help="model response cache: identical calls reuse a stored reply (docs/replay.md)")
    p.set_defaults(func=cmd_run)


def default_task_set(task_path: Path) -> str:
    """The nearest folder above the task file whose name is not a difficulty (tasks/easy/x.json -> tasks)."""
    for parent in task_path.resolve().parents:
        if parent.name and parent.name.lower() not in DIFFICULTIES:
            return parent.name
    return ""


def resolve_settings(args: argparse.Namespace, notices: list[str] | None = None) -> DebateSettings:
    """Defaults < --settings file < thesis --config file < command-line options.

    Lines for the user (keys of --config nothing reads, agents --solo leaves out) go to notices.
    """
    notices = [] if notices is None else notices
    base = DebateSettings.from_yaml(args.settings) if args.settings else DebateSettings()
    if getattr(args, "config", None):
        from codedebate.cli.thesis_config import read_thesis_config

        thesis = read_thesis_config(args.config)
        base = thesis.apply(base, str(args.config))
        notice = thesis.notice(str(args.config))
        if notice:
            notices.append(notice)
    overrides: dict[str, Any] = {}
    if args.agents:
        overrides["agents"] = split_models(args.agents)
    if args.judge is not None:
        overrides["judge"] = None if args.judge.lower() in ("none", "null", "") else args.judge
    if args.protocol:
        overrides["protocol"] = args.protocol
    if args.solo:
        overrides["protocol"] = "solo"
        agents = overrides.get("agents", base.agents)
        if len(agents) > 1:  # the thesis's --solo runs the first of the given agents
            overrides["agents"] = agents[:1]
            notices.append(f"notice: --solo runs the first of {len(agents)} agents: {agents[0]}")
    if args.options:
        overrides["protocol_options"] = {**base.protocol_options, **parse_option_pairs(args.options)}
    for key in ("max_rounds", "adaptive_temperature", "critique_history", "revision_strategy",
                "show_all_solutions", "early_stop_on_perfect", "max_tokens", "seed"):
        value = getattr(args, key)
        if value is not None:
            overrides[key] = value
    return base.replace("command line", **overrides) if overrides else base


def split_models(values: list[str]) -> list[str]:
    """Model names given space- or comma-separated (``a b``, ``a,b``) as one list."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def default_output(experiment: str, task_id: str, seed: int) -> Path:
    """Where a run without --output writes: the pipeline's cell folder of the same run."""
    from codedebate.pipeline.paths import cell_dir

    return Path(cell_dir(experiment, task_id, seed))


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings as a mapping; each VALUE is read as a YAML scalar (3, 0.5, true, text)."""
    import yaml

    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SettingsError("command line", "--option", f"'{pair}' is not KEY=VALUE")
        out[key.strip()] = yaml.safe_load(value) if value.strip() else ""
    return out


def check_backend_options(settings: DebateSettings, source: str) -> None:
    """Reject backend options no registered backend understands (before any model loads)."""
    from codedebate.backends import backend_options

    known = backend_options()
    unknown = sorted(set(settings.backend) - known)
    if unknown:
        raise SettingsError(source, f"backend.{unknown[0]}", f"is not an option of any backend "
                                                            f"(known: {', '.join(sorted(known))})")


def cmd_run(args: argparse.Namespace) -> int:
    from codedebate.cli.progress import make_progress

    notices: list[str] = []
    try:
        settings = resolve_settings(args, notices)
        check_backend_options(settings, str(args.settings or args.config or "settings"))
        task = load_task(args.task)
    except (SettingsError, TaskError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for notice in notices:
        print(notice, file=sys.stderr)
    if args.output is None:
        args.output = default_output(args.experiment, task.id, settings.seed)
        print(f"no --output given: records go to {args.output}/")
    from codedebate.records import RecordError, writer_lock

    task_set = args.task_set or default_task_set(args.task)
    try:
        with writer_lock(Path(args.output)):  # held for the whole run: one writer per folder
            return _run_and_write(args, task, settings, task_set, make_progress)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _run_and_write(args: argparse.Namespace, task: Task, settings: DebateSettings, task_set: str,
                   make_progress: Any) -> int:
    verbose = getattr(args, "verbose", False)
    with make_progress(sys.stdout.isatty() and not verbose, task.id) as progress:
        if verbose:  # prompts and replies on stdout, between plain progress lines on stderr
            from codedebate.cli.verbose import VerboseCalls

            progress = VerboseCalls(progress)
        try:
            _, records = asyncio.run(_run(task, settings, args, task_set, progress))
        except SettingsError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except BackendError as exc:
            host = settings.backend.get("host")
            where = f" (backend host {host})" if host else ""
            print(f"error: backend failure{where}: {exc}\nno records written to {args.output}", file=sys.stderr)
            return EXIT_BACKEND
    paths = records.write(args.output, lock=False)
    row = records.summary.iloc[0]
    hidden = row["hidden_pass_rate"]
    hidden_text = "n/a" if hidden != hidden else f"{hidden:.3f}"
    print(f"{task.id}: {row['status']} after {row['total_rounds']} round(s); final pass rate "
          f"{row['final_pass_rate']:.3f} (visible), {hidden_text} (hidden)")
    print(f"records written to {Path(args.output)}/: " + ", ".join(p.name for p in paths.values()))
    return 0


async def _run(task: Task, settings: DebateSettings, args: argparse.Namespace, task_set: str,
               progress: ProgressSink) -> tuple[DebateState, RunRecords]:
    from codedebate.backends import get_backend
    from codedebate.executor import Executor, ExecutorSettings
    from codedebate.protocol.runner import execute_run

    executor = Executor(ExecutorSettings(timeout_s=settings.executor_timeout_s, metrics=True),
                        cache_dir=args.cache_dir)

    cached: dict[str, Backend] = {}

    def backend_for(model: str) -> Backend:
        backend = get_backend(model, **settings.backend)  # cached: one instance per model and options
        if getattr(args, "response_cache", None) is None:
            return backend
        from codedebate.backends.cache import CachingBackend

        return cached.setdefault(model, CachingBackend(backend, args.response_cache))

    try:
        return await execute_run(task, settings, backend_for=backend_for, executor=executor,
                                 experiment=args.experiment, task_set=task_set, progress=progress)
    finally:  # backends are per-process instances (get_backend caches them): not closed here
        close = getattr(executor, "close", None)
        if callable(close):
            close()
