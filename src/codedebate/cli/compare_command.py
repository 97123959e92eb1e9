"""``codedebate compare``: protocols (experiments) on the same tasks and seeds against a reference."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "compare",
        help="compare experiments on the same tasks and seeds against a reference (tables + cost-accuracy figure)",
        description="Per experiment: mean hidden and visible pass rate, solved and oracle shares, mean tokens "
        "and model seconds per run; against --reference: paired per-task differences with paired t, "
        "Wilcoxon, bootstrap 95%% intervals over tasks (and seeds) and Holm's correction. Writes "
        "compare_arms.{csv,md}, compare_differences.{csv,md} and cost_accuracy.{png,pdf} into --output.",
    )
    p.add_argument("--records", nargs="+", required=True, type=Path, metavar="PATH",
                   help="summary Parquet files or folders holding them (merged or per-run records)")
    p.add_argument("--reference", required=True, metavar="NAME",
                   help="the reference experiment (or a protocol name that one experiment runs), e.g. debate")
    p.add_argument("--output", required=True, type=Path, metavar="DIR", help="folder for the tables and the figure")
    p.add_argument("--metric", default="hidden_pass_rate", metavar="COLUMN",
                   help="summary column compared (default: hidden_pass_rate; final_pass_rate for visible tests)")
    p.add_argument("--experiments", nargs="+", metavar="NAME", help="only these experiments (and the reference)")
    p.add_argument("--resamples", type=int, default=10_000, metavar="N", help="bootstrap resamples (default 10000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="bootstrap seed (default 0)")
    p.set_defaults(func=cmd_compare)


def cmd_compare(args: argparse.Namespace) -> int:
    from codedebate.stats.compare import CompareError, CompareSettings, write_compare
    from codedebate.stats.load import RecordsNotFound, load_records

    try:
        summary = load_records(args.records).summary
    except RecordsNotFound as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.experiments:
        keep = set(args.experiments) | {args.reference}
        summary = summary[summary["experiment"].isin(keep)].reset_index(drop=True)
    if args.resamples < 100:
        print(f"error: --resamples must be at least 100, got {args.resamples}", file=sys.stderr)
        return 2
    try:
        paths = write_compare(summary, CompareSettings(args.reference, args.metric, args.resamples, args.seed),
                              args.output)
    except CompareError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print((args.output / "compare_arms.md").read_text(encoding="utf-8"))
    print((args.output / "compare_differences.md").read_text(encoding="utf-8"))
    print(f"written to {args.output}/: " + ", ".join(p.name for p in paths))
    return 0
