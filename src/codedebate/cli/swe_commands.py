"""``swe-tables``: localisation accuracy, resolve rate and cost by arm, paired tests, for the
repository study (docs/swe_debate.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    t = sub.add_parser("swe-tables", help="repository study: localisation, resolve rate and cost by arm; paired tests")
    t.add_argument("--records", nargs="+", type=Path, required=True, metavar="DIR_OR_FILE",
                   help="record folders (searched recursively) or Parquet files")
    t.add_argument("--arm", default="experiment", help="summary column naming the arms (default experiment)")
    t.add_argument("--output", type=Path, default=Path("results/swe"), metavar="DIR",
                   help="output folder (default results/swe)")
    t.set_defaults(func=cmd_swe_tables)


def cmd_swe_tables(args: argparse.Namespace) -> int:
    from codedebate.stats.load import RecordsNotFound, load_records
    from codedebate.stats.swe_tables import swe_tables
    from codedebate.stats.tables import to_markdown, write_table

    try:
        tables = swe_tables(load_records(args.records).summary, args.arm)
    except (RecordsNotFound, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for name, df in tables.items():
        if not df.empty:
            write_table(df, args.output, name)
            print(to_markdown(df))
    print(f"wrote tables to {args.output}")
    return 0
