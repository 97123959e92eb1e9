"""The ``codedebate`` command: one subcommand per pipeline stage.

Each module in COMMAND_MODULES exposes ``register(subparsers)``, adding its subcommands with
``set_defaults(func=...)``; ``func(args) -> int`` is the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from codedebate import __version__
from codedebate.errors import InputError

COMMAND_MODULES = (
    "codedebate.cli.task_commands",
    "codedebate.cli.run_command",
    "codedebate.cli.replay_command",
    "codedebate.cli.view_command",
    "codedebate.cli.analysis_commands",
    "codedebate.cli.backend_commands",
    "codedebate.cli.workflow_commands",
    "codedebate.cli.stability_command",
    "codedebate.cli.batch_command",
    "codedebate.cli.pairs_command",
    "codedebate.cli.humaneval_command",
    "codedebate.cli.compare_command",
    "codedebate.cli.topology_commands",
    "codedebate.cli.swe_commands",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="codedebate",
        description="Multi-agent debate experiments between local LLMs on code generation.",
    )
    parser.add_argument("--version", action="version", version=f"codedebate {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except InputError as exc:  # bad input a command did not report itself: name it, exit 2
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `codedebate show-task T.json | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
