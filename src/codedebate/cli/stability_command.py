"""``codedebate stability``: the stability stop rule applied post hoc to recorded runs (ours
and/or the thesis's CSV exports): where it would have stopped and what that would have saved."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_BAD_INPUT = 2
SHOWN = ("experiment", "distance", "runs", "agents", "rounds", "stop_round", "pass_rate_at_stop",
         "pass_rate_at_end", "runs_worse_at_stop", "rounds_saved_share", "seconds_saved_share",
         "tokens_saved_share", "identified_rounds", "fitted_rounds")


def add_rule_options(p: argparse.ArgumentParser) -> None:
    """The rule's settings as options (defaults from StabilitySettings)."""
    from codedebate.stability import StabilitySettings

    d = StabilitySettings()
    p.add_argument("--threshold", type=float, default=d.threshold, help=f"KS threshold (default {d.threshold})")
    p.add_argument("--patience", type=int, default=d.patience,
                   help=f"consecutive rounds below the threshold (default {d.patience})")
    p.add_argument("--grid-points", type=int, default=d.grid_points, help=f"CDF grid over [0, 1] (default {d.grid_points})")
    p.add_argument("--restarts", type=int, default=d.restarts, help=f"seeded EM restarts (default {d.restarts})")
    p.add_argument("--max-rounds", type=int, default=d.max_rounds, help=f"rounds at most (default {d.max_rounds})")
    p.add_argument("--rule-seed", type=int, default=d.seed, help=f"seed of the EM starting points (default {d.seed})")


def rule_settings(args: argparse.Namespace, distance: str = "mixture"):
    from codedebate.protocol.settings import SettingsError
    from codedebate.stability import StabilitySettings

    try:
        return StabilitySettings(threshold=args.threshold, patience=args.patience, grid_points=args.grid_points,
                                 restarts=args.restarts, max_rounds=args.max_rounds, seed=args.rule_seed,
                                 distance=distance)
    except ValueError as exc:
        key, _, message = str(exc).partition(": ")
        raise SettingsError("command line", f"--{key.replace('_', '-')}", message) from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "stability", help="apply the stability stop rule to recorded runs (post hoc)",
        description="For each experiment: the round at which the stability rule (Beta-Binomial mixture + KS, "
        "and the empirical-CDF variant) would have stopped, the pass rate available then vs at the end, and "
        "the rounds, seconds and tokens saved. Writes stability.csv, stability_rounds.csv and one figure per "
        "experiment.")
    p.add_argument("records", nargs="*", type=Path, metavar="PATH", help="record files or folders (ours)")
    p.add_argument("--thesis", type=Path, metavar="DIR", help="also the thesis CSV exports in DIR")
    p.add_argument("--experiment", action="append", default=[], metavar="NAME", help="only these experiments")
    p.add_argument("--output", required=True, type=Path, metavar="DIR", help="folder for tables and figures")
    p.add_argument("--no-figures", action="store_true", help="tables only")
    add_rule_options(p)
    p.set_defaults(func=cmd_stability)
    q = sub.add_parser(
        "stability-tables", help="accuracy, rounds and tokens per experiment, with paired tests against a reference",
        description="Tables of the stability experiments (config/stability.yaml): stability_means and "
        "stability_paired (per task, seeds averaged; t-test and Wilcoxon, Bonferroni per metric).")
    q.add_argument("records", nargs="+", type=Path, metavar="PATH", help="record files or folders")
    q.add_argument("--reference", required=True, metavar="EXPERIMENT", help="the experiment every other is paired with")
    q.add_argument("--output", required=True, type=Path, metavar="DIR", help="folder for the CSV and Markdown tables")
    q.set_defaults(func=cmd_stability_tables)


def cmd_stability_tables(args: argparse.Namespace) -> int:
    from codedebate.records import RecordError
    from codedebate.stats.load import RecordsNotFound, load_records
    from codedebate.stats.stability_tables import experiment_means, paired_against
    from codedebate.stats.tables import to_markdown, write_table

    try:
        summary = load_records(args.records).summary
        paired = paired_against(summary, args.reference)
    except (RecordsNotFound, RecordError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    means = experiment_means(summary)
    write_table(means, args.output, "stability_means")
    write_table(paired, args.output, "stability_paired")
    print(to_markdown(means))
    if len(paired):
        cols = ["metric", "a", "b", "n", "mean_a", "mean_b", "mean_diff", "p_wilcoxon_bonferroni"]
        print(to_markdown(paired[cols]))
    print(f"tables in {args.output}")
    return 0


def transcript_files(paths: list[Path]) -> list[Path]:
    """transcript*.parquet files under the record paths (for the token counts of every call)."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("transcript*.parquet") if not p.name.startswith(".")))
        elif path.name.startswith("transcript"):
            out.append(path)
    return out


def _per_round(args: argparse.Namespace):
    import pandas as pd

    from codedebate.records import read_table
    from codedebate.stats.load import load_records

    frames, transcripts = [], []
    if args.records:
        records = load_records(args.records)
        frames.append(records.per_round)
        files = transcript_files(args.records)
        if files:
            transcripts.append(read_table(files, "transcript"))
    if args.thesis:
        from codedebate.stats.thesis import import_thesis

        frames.append(import_thesis(args.thesis).per_round)
    per_round = pd.concat(frames, ignore_index=True)
    if args.experiment:
        unknown = sorted(set(args.experiment) - set(per_round["experiment"]))
        if unknown:
            raise ValueError(f"no experiment {unknown[0]!r} in the records (have: "
                             f"{', '.join(sorted(per_round['experiment'].dropna().unique()))})")
        per_round = per_round[per_round["experiment"].isin(args.experiment)]
    transcript = pd.concat(transcripts, ignore_index=True) if transcripts else None
    return per_round, transcript


def cmd_stability(args: argparse.Namespace) -> int:
    from codedebate.records import RecordError
    from codedebate.stats.figures import save
    from codedebate.stats.load import RecordsNotFound
    from codedebate.stats.stability_posthoc import stability_posthoc, stability_figure
    from codedebate.stats.thesis import ThesisImportError

    if not args.records and not args.thesis:
        print("error: give record folders and/or --thesis DIR", file=sys.stderr)
        return EXIT_BAD_INPUT
    settings = rule_settings(args)
    try:
        per_round, transcript = _per_round(args)
    except (RecordsNotFound, RecordError, ThesisImportError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    report = stability_posthoc(per_round, settings, transcript)
    if report.table.empty:
        print("error: no experiment has more than one round; nothing to stop", file=sys.stderr)
        return EXIT_BAD_INPUT
    args.output.mkdir(parents=True, exist_ok=True)
    report.table.to_csv(args.output / "stability.csv", index=False)
    report.rounds.to_csv(args.output / "stability_rounds.csv", index=False)
    written = 2
    if not args.no_figures:
        import matplotlib.pyplot as plt

        for experiment in report.table["experiment"].unique():
            fig = stability_figure(report, experiment, settings.threshold)
            written += len(save(fig, args.output / "figures", f"stability_{experiment}"))
            plt.close(fig)
    with_shown = report.table[[c for c in SHOWN if c in report.table.columns]]
    print(with_shown.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    fitted = report.rounds
    if len(fitted) and not fitted["identified"].all():
        print(f"note: {int((~fitted['identified'].astype(bool)).sum())} of {len(fitted)} fits are not identified "
              "(fewer than 5 agents: 4-bin histograms, 5 parameters); their mixture KS reflects the optimiser, "
              "the empirical-CDF variant does not")
    print(f"{written} files in {args.output}")
    return 0
