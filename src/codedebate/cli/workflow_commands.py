"""Pipeline subcommands: ``experiments check|settings``, ``merge-runs`` and ``with-ollama``.

The Snakemake rules call these; each is also usable by hand (check a config before a long run,
merge cells, run one cell with an Ollama server).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from codedebate.backends.ollama_server import ServerOptions
from codedebate.pipeline import experiments as xp


def register(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("experiments", help="check experiment configs and write resolved settings")
    esub = e.add_subparsers(dest="experiments_command", metavar="ACTION", required=True)
    c = esub.add_parser("check", help="validate configs and print each experiment's cells")
    c.add_argument("configs", nargs="+", type=Path, metavar="CONFIG")
    c.add_argument("--cells", action="store_true", help="also list every cell")
    c.set_defaults(func=cmd_check)
    s = esub.add_parser("settings", help="write one experiment's resolved settings (only if they changed)")
    s.add_argument("config", type=Path, metavar="CONFIG")
    s.add_argument("experiment", metavar="EXP")
    s.add_argument("--output", type=Path, required=True, metavar="FILE")
    s.set_defaults(func=cmd_settings)

    m = sub.add_parser("merge-runs", help="merge cells' records into one Parquet file per table")
    m.add_argument("cells", nargs="+", type=Path, metavar="CELL_DIR")
    m.add_argument("--output", type=Path, required=True, metavar="DIR")
    m.set_defaults(func=cmd_merge)

    w = sub.add_parser(
        "with-ollama",
        help="run a command with an Ollama server for the settings' models (reuse, or start and stop one)",
        description="Uses ollama.host or OLLAMA_HOST when it answers, else starts 'ollama serve' on a free "
        "port (shared by the cells of one SLURM job), pulls missing models, exports OLLAMA_HOST, runs "
        "CMD, and stops the server it started. Without Ollama models CMD runs as it is.",
    )
    w.add_argument("--settings", type=Path, metavar="FILE", help="resolved settings; its Ollama models are served")
    w.add_argument("--model", action="append", default=[], metavar="NAME", help="also serve this model (repeatable)")
    d = ServerOptions()  # the one source of the defaults
    w.add_argument("--binary", default=d.binary)
    w.add_argument("--container", default=d.container, metavar="IMAGE")
    w.add_argument("--container-runtime", default=d.container_runtime)
    w.add_argument("--host", default=d.host, help="use this server when it answers")
    w.add_argument("--models-dir", default=d.models_dir, metavar="DIR", help="OLLAMA_MODELS of a started server")
    w.add_argument("--no-pull", action="store_true", help="do not pull missing models")
    w.add_argument("--startup-timeout", type=float, default=d.startup_timeout_s, metavar="S")
    w.add_argument("--linger", type=float, default=d.linger_s, metavar="S", help="keep a started server this long for the next cell")
    w.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- CMD ...")
    w.set_defaults(func=cmd_with_ollama)


def cmd_check(args: argparse.Namespace) -> int:
    total = 0
    for path in args.configs:
        try:
            cfg = xp.load_config(path)
            cells = xp.expand_cells(cfg)
        except (xp.ConfigError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        per_exp = Counter(c.experiment for c in cells)
        print(f"{path}: {len(cfg.experiments)} experiments, {len(cells)} cells")
        for name, exp in cfg.experiments.items():
            kind = "gpu" if exp.ollama_models else "cpu"
            models = ", ".join(exp.settings.agents) + (f" | judge {exp.settings.judge}" if exp.settings.judge else "")
            print(f"  {name:34} {per_exp[name]:5} cells  {kind}  {'+'.join(exp.task_sets)}  {models}")
        if args.cells:
            for cell in cells:
                print(f"    {cell.outdir}  <- {cell.task_path}")
        total += len(cells)
    if len(args.configs) > 1:
        print(f"total: {total} cells")
    return 0


def cmd_settings(args: argparse.Namespace) -> int:
    try:
        cfg = xp.load_config(args.config)
    except (xp.ConfigError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.experiment not in cfg.experiments:
        print(f"error: {args.config}: no experiment '{args.experiment}' (have: {', '.join(cfg.experiments)})", file=sys.stderr)
        return 1
    written = xp.write_if_changed(args.output, xp.resolved_settings(cfg.experiments[args.experiment]))
    print(f"{args.output}: {'written' if written else 'unchanged'}")
    return 0


def cmd_merge(args: argparse.Namespace) -> int:
    from codedebate.records import WRITE_ORDER, atomic_write_parquet, read_table

    missing = [str(d / "summary.parquet") for d in args.cells if not (d / "summary.parquet").is_file()]
    if missing:
        print(f"error: {len(missing)} cells have no records, e.g. {missing[0]}", file=sys.stderr)
        return 1
    for table in WRITE_ORDER:  # summary last: its presence means the merge finished
        df = read_table([d / f"{table}.parquet" for d in args.cells], table)
        atomic_write_parquet(df, args.output / f"{table}.parquet")
        print(f"{args.output / f'{table}.parquet'}: {len(df)} rows from {len(args.cells)} cells")
    return 0


def cmd_with_ollama(args: argparse.Namespace) -> int:
    from codedebate.backends.ollama_server import OllamaServerError, run_with_ollama
    from codedebate.protocol.settings import DebateSettings

    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        print("error: with-ollama needs a command after --", file=sys.stderr)
        return 2
    models = [m for m in args.model if xp.is_ollama_model(m)]
    if args.settings:
        settings = DebateSettings.from_yaml(args.settings)  # a SettingsError ends in the dispatcher: exit 2
        models += [m for m in xp.ollama_models(settings) if m not in models]
    if not models:
        import subprocess

        return subprocess.call(cmd)
    opts = ServerOptions(
        binary=args.binary, container=args.container, container_runtime=args.container_runtime,
        host=args.host, models_dir=args.models_dir, startup_timeout_s=args.startup_timeout, linger_s=args.linger,
        pull=not args.no_pull,
    )
    try:
        return run_with_ollama(cmd, models, opts)
    except OllamaServerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
