"""Analysis subcommands: ``import-thesis``, ``tables``, ``figures``, ``thesis-tables``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type hints only: pandas loads when a command runs, not at start-up
    from codedebate.stats.load import Records

DEFAULT_THESIS_DIR = Path("../shared/thesis-results")
EXIT_BAD_INPUT = 2


def register(sub: argparse._SubParsersAction) -> None:
    imp = sub.add_parser(
        "import-thesis", help="import the thesis CSV exports into summary/per_round Parquet records",
        description="Read summary_<tag>_<job>.csv and per_round_<tag>_<job>.csv (cumulative "
        "exports; each run is assigned to the earliest job it appears in) and write conformed "
        "OUTDIR/summary.parquet and OUTDIR/per_round.parquet.",
    )
    imp.add_argument("directory", type=Path, metavar="DIR", help="folder of thesis CSV exports")
    imp.add_argument("--output", type=Path, default=Path("results/thesis/records"), metavar="OUTDIR",
                     help="where to write the Parquet records (default results/thesis/records)")
    imp.set_defaults(func=cmd_import_thesis)

    for name, what, func in (("tables", "the statistics tables (CSV + Markdown)", cmd_tables),
                             ("figures", "the figures (PNG + PDF)", cmd_figures)):
        p = sub.add_parser(name, help=f"write {what} for run records")
        p.add_argument("--records", nargs="+", type=Path, required=True, metavar="DIR_OR_FILE",
                       help="record folders (searched recursively) or summary/per_round Parquet files")
        p.add_argument("--output", type=Path, default=Path(f"results/{name}"), metavar="DIR",
                       help=f"output folder (default results/{name})")
        p.set_defaults(func=func)

    th = sub.add_parser(
        "thesis-tables", help="import the thesis data and regenerate its tables and figures",
        description="Writes OUT/records/*.parquet, OUT/tables/*.{csv,md} (thesis_* tables beside "
        "the generic ones) and OUT/figures/*.{png,pdf}, and prints Table 6 against the published values.",
    )
    th.add_argument("--thesis-dir", type=Path, default=DEFAULT_THESIS_DIR, metavar="DIR",
                    help=f"folder of thesis CSV exports (default {DEFAULT_THESIS_DIR})")
    th.add_argument("--output", type=Path, default=Path("results/thesis"), metavar="OUT",
                    help="output folder (default results/thesis)")
    th.add_argument("--check", action="store_true",
                    help="exit 1 if a published Table 6 value is not reproduced to three decimals")
    th.set_defaults(func=cmd_thesis_tables)


def _fail(exc: Exception) -> int:
    print(f"error: {exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


def cmd_import_thesis(args: argparse.Namespace) -> int:
    from codedebate.records import RecordError
    from codedebate.stats.thesis import ThesisImportError, import_thesis

    try:
        records = import_thesis(args.directory)
    except (ThesisImportError, RecordError) as exc:
        return _fail(exc)
    paths = records.write(args.output)
    s = records.summary
    print(f"imported {len(s)} runs ({len(records.per_round)} per-round rows) from {args.directory}")
    for exp, n in s["experiment"].value_counts(sort=False).items():
        print(f"  {exp}: {n}")
    print(f"wrote {paths['summary']} and {paths['per_round']}")
    return 0


def _load(paths: list[Path]) -> Records | None:
    """The records under paths, or None after printing why they cannot be read."""
    from codedebate.records import RecordError
    from codedebate.stats.load import RecordsNotFound, load_records

    try:
        return load_records(paths)
    except (RecordsNotFound, RecordError, ValueError) as exc:
        _fail(exc)
        return None


def cmd_tables(args: argparse.Namespace) -> int:
    from codedebate.stats.tables import standard_tables, write_tables

    records = _load(args.records)
    if records is None:
        return EXIT_BAD_INPUT
    written = write_tables(standard_tables(records), args.output)
    print(f"{len(records.summary)} runs -> {len(written)} table files in {args.output}")
    return 0


def cmd_figures(args: argparse.Namespace) -> int:
    from codedebate.stats.figures import write_figures

    records = _load(args.records)
    if records is None:
        return EXIT_BAD_INPUT
    written = write_figures(records, args.output)
    print(f"{len(records.summary)} runs -> {len(written)} figure files in {args.output}")
    return 0


def thesis_report(thesis_dir: Path, outdir: Path) -> dict[str, object]:
    """Import the thesis data, write records, all tables and figures under outdir."""
    from codedebate.stats.figures import write_figures
    from codedebate.stats.load import Records
    from codedebate.stats.tables import standard_tables, write_tables
    from codedebate.stats.thesis_tables import thesis_tables
    from codedebate.stats.thesis import import_thesis

    imported = import_thesis(thesis_dir)
    imported.write(outdir / "records")
    records = Records(summary=imported.summary, per_round=imported.per_round)
    tables = {**thesis_tables(records), **standard_tables(records)}
    write_tables(tables, outdir / "tables")
    from codedebate.stats.thesis_figures import write_thesis_figures

    figures = write_figures(records, outdir / "figures") + write_thesis_figures(records, outdir / "figures")
    return {"tables": tables, "figures": figures, "runs": len(records.summary)}


def cmd_thesis_tables(args: argparse.Namespace) -> int:
    from codedebate.records import RecordError
    from codedebate.stats.thesis import ThesisImportError

    try:
        report = thesis_report(args.thesis_dir, args.output)
    except (ThesisImportError, RecordError) as exc:
        return _fail(exc)
    t6 = report["tables"]["thesis_table6"]
    print(f"{report['runs']} thesis runs; tables in {args.output / 'tables'}, "
          f"figures in {args.output / 'figures'}")
    print("Table 6 (mean final pass rate): reproduced vs published")
    for row in t6.itertuples():
        mark = "ok" if row.matches_3dp else "DIFFERS"
        print(f"  {row.task_set:7s} {row.configuration:14s} {row.reproduced:.4f}  {row.published:.3f}  {mark}")
    ok = bool(t6["matches_3dp"].all())
    print("all Table 6 values reproduced" if ok else "some Table 6 values differ")
    return 0 if ok or not args.check else 1
