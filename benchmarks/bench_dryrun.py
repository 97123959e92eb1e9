"""Pipeline overheads: `snakemake -n` of the default, thesis and a 10x thesis grid, and the
per-cell cost of `codedebate run` outside model time (scripted backend, trivial task).

    .venv/bin/python benchmarks/bench_dryrun.py [--repeats 3] [--snakemake-cells 3]

Prints one table; nothing is asserted (tests never time things).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd
import yaml

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
TASK = REPO / "tasks" / "easy" / "digital_root.json"
REFERENCE = REPO / "references" / "digital_root" / "solution.py"


def timed(cmd: list[str], cwd: Path) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - start, out


def dry_run(config: Path, workdir: Path) -> tuple[float, int]:
    """Seconds of `snakemake -n` and the number of cells it plans."""
    cmd = [str(BIN / "snakemake"), "-s", str(REPO / "workflow" / "Snakefile"), "--directory", str(workdir),
           "--configfile", str(config), "-n", "--quiet", "rules"]
    seconds, out = timed(cmd, workdir)
    if out.returncode:
        raise SystemExit(f"dry run of {config} failed:\n{out.stderr[-2000:]}")
    cells = next(int(line.split()[1]) for line in (out.stdout + out.stderr).splitlines() if line.startswith("cell "))
    return seconds, cells


def ten_x(thesis: Path, out: Path) -> Path:
    """The thesis grid with ten seeds per cell (12000 cells)."""
    data = yaml.safe_load(thesis.read_text())
    for exp in data["experiments"].values():
        exp["seeds"] = list(range(10))
    out.write_text(yaml.safe_dump(data))
    return out


def scripted_settings(folder: Path) -> Path:
    script = folder / "script.json"
    script.write_text(json.dumps({"rules": [{"when": {"phase": "propose"},
                                             "reply": f"```python\n{REFERENCE.read_text()}\n```"}]}))
    settings = folder / "settings.yaml"
    settings.write_text(yaml.safe_dump({"agents": [f"scripted:{script}"] * 3, "max_rounds": 2}))
    return settings


def runner_overhead(folder: Path, repeats: int) -> dict[str, float]:
    """Median wall seconds of one `codedebate run`, its test-execution time, and the rest."""
    settings = scripted_settings(folder)
    walls, execs, llm = [], [], []
    for i in range(repeats):
        outdir = folder / f"run{i}"
        seconds, out = timed([str(BIN / "codedebate"), "run", "--settings", str(settings), "--task", str(TASK),
                              "--output", str(outdir)], folder)
        if out.returncode:
            raise SystemExit(f"codedebate run failed:\n{out.stderr[-2000:]}")
        summary = pd.read_parquet(outdir / "summary.parquet").iloc[0]
        walls.append(seconds)
        execs.append(float(summary["total_execution_time"]))
        llm.append(float(summary["total_llm_time"]))
    start_s, _ = timed([str(BIN / "codedebate"), "--version"], folder)
    return {"wall": statistics.median(walls), "tests": statistics.median(execs), "llm": statistics.median(llm),
            "startup": start_s}


def snakemake_cells(folder: Path, cells: int) -> float:
    """Wall seconds of a real `snakemake --cores 1 cells` run of `cells` scripted cells."""
    folder.mkdir()
    settings = yaml.safe_load(scripted_settings(folder).read_text())
    tasks = folder / "tasks"
    tasks.mkdir()
    (tasks / "digital_root.json").write_text(TASK.read_text())
    config = folder / "grid.yaml"
    config.write_text(yaml.safe_dump({"task_sets": {"t": str(tasks)}, "experiments": {
        "bench": {"settings": settings, "task_sets": ["t"], "seeds": list(range(cells))}}}))
    cmd = [str(BIN / "snakemake"), "-s", str(REPO / "workflow" / "Snakefile"), "--directory", str(folder),
           "--configfile", str(config), "--cores", "1", "--quiet", "all", "--", "cells"]
    seconds, out = timed(cmd, folder)
    if out.returncode:
        raise SystemExit(f"snakemake run failed:\n{out.stderr[-2000:]}")
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--snakemake-cells", type=int, default=3, help="N: time N and 2N cells; 0 skips")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, config in (("default", REPO / "config/config.yaml"), ("thesis", REPO / "config/thesis.yaml"),
                             ("thesis x10 seeds", ten_x(REPO / "config/thesis.yaml", tmp / "x10.yaml"))):
            seconds, cells = dry_run(config, REPO)
            rows.append((f"snakemake -n, {name} grid", f"{cells} cells", f"{seconds:.2f} s",
                         f"{seconds / max(cells, 1) * 1000:.2f} ms/cell"))
        run_dir = tmp / "runner"
        run_dir.mkdir()
        r = runner_overhead(run_dir, args.repeats)
        rows.append(("codedebate run, scripted, digital_root", "1 cell", f"{r['wall']:.2f} s", "wall (median)"))
        rows.append(("  of which test execution (pytest, pylint, radon)", "", f"{r['tests']:.2f} s", ""))
        rows.append(("  of which model calls (scripted)", "", f"{r['llm']:.3f} s", ""))
        rows.append(("  rest: start-up, imports, records", "", f"{r['wall'] - r['tests'] - r['llm']:.2f} s",
                     f"(`codedebate --version`: {r['startup']:.2f} s)"))
        if args.snakemake_cells:
            n = args.snakemake_cells
            t1 = snakemake_cells(tmp / "sm1", n)
            t2 = snakemake_cells(tmp / "sm2", 2 * n)
            marginal = (t2 - t1) / n
            rows.append((f"snakemake --cores 1 cells, {n} vs {2 * n} scripted cells", "per cell",
                         f"{marginal:.2f} s", f"+{marginal - r['wall']:.2f} s over codedebate run; "
                         f"fixed start {t1 - n * marginal:.2f} s"))
    width = max(len(r[0]) for r in rows)
    for row in rows:
        print(f"{row[0]:<{width}}  {row[1]:>12}  {row[2]:>9}  {row[3]}")


if __name__ == "__main__":
    main()
