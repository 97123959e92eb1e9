"""``codedebate build-pairs``: write the built-in pairwise-judge set (reference vs mutation, and
mutation vs mutation) from our benchmark, or convert a pairwise JSONL file into task files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_BAD_INPUT = 2


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build-pairs", help="write pairwise_judge task files: built from references/ + mutations, or from JSONL",
        description="Built-in set: for each task with references/<id>/, the reference vs each mutation and two "
        "mutations failing different tests (one strictly fewer); candidates in a seeded order. Every candidate "
        "runs through the executor. With --jsonl: convert pairwise JSONL (input, output_1, output_2, label).")
    p.add_argument("--tasks", nargs="+", type=Path, default=[], metavar="PATH", help="code task files or folders")
    p.add_argument("--references", type=Path, default=Path("references"), metavar="DIR",
                   help="reference folders (default: references)")
    p.add_argument("--difficulty", action="append", default=[], metavar="NAME", help="only tasks of this difficulty")
    p.add_argument("--jsonl", type=Path, metavar="FILE", help="convert this pairwise JSONL file instead")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the candidate order (default 0)")
    p.add_argument("--output", required=True, type=Path, metavar="DIR", help="folder for the <pair id>.json files")
    p.set_defaults(func=cmd_build_pairs)


def cmd_build_pairs(args: argparse.Namespace) -> int:
    from codedebate.tasks import load_tasks
    from codedebate.tasks.pair_builder import build_pairs, write_pairs
    from codedebate.tasks.pairwise import load_pairwise_jsonl
    from codedebate.tasks.quality import QualityError

    if bool(args.jsonl) == bool(args.tasks):
        print("error: give either --tasks (built-in set) or --jsonl FILE", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.jsonl:
        pairs = load_pairwise_jsonl(args.jsonl)
    else:
        from codedebate.executor import Executor, ExecutorSettings

        by_id = {}  # a task in two sets (tasks/ and tasks2/) counts once
        for path in args.tasks:
            for t in load_tasks(path):
                by_id.setdefault(t.id, t)
        tasks = [t for t in by_id.values() if not args.difficulty or t.difficulty in args.difficulty]
        executor = Executor(ExecutorSettings(metrics=False))
        skipped: list[str] = []
        try:
            pairs = build_pairs(tasks, args.references, executor, seed=args.seed, skipped=skipped)
            for reason in skipped:
                print(f"warning: skipped: {reason}", file=sys.stderr)
        except QualityError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        finally:
            close = getattr(executor, "close", None)
            if callable(close):
                close()
    written = write_pairs(pairs, args.output)
    gold = sum(p.label == 1 for p in pairs)
    print(f"{len(written)} pairs in {args.output} (gold is output 1 in {gold}, output 2 in {len(pairs) - gold})")
    return 0
