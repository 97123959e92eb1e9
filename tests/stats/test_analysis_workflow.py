"""workflow/rules/analysis.smk and thesis.smk run under real Snakemake (thesis data -> tables)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "workflow" / "rules"

# stands in for common.smk (and report.smk): only the names analysis.smk / thesis.smk expect
WRAPPER = """
from types import SimpleNamespace

from codedebate.pipeline import paths

RESULTS = "results"
ALL_TARGETS = []
CFG = SimpleNamespace(thesis_results_dir=config["thesis_results_dir"])


def reported(files, category):  # report.smk's captions are not under test here
    return files


def merged_all(table="summary"):
    return [f"{{RESULTS}}/thesis/records/{{table}}.parquet"]


include: "{rules}/thesis.smk"
include: "{rules}/analysis.smk"
"""


# every thesis table file in the thesis's layout: its columns (first column = the row labels)
LAYOUT_COLUMNS = {
    "table_06": ["configuration", "tasks/", "tasks2/", "combined (120 pairs)", "pairs",
                 "published tasks/", "published tasks2/"],
    "table_07": ["suite", "tasks", "wins", "ties", "losses", "baseline", "debate", "delta_pp"],
    "table_08": ["difficulty", "pairs", "baseline", "debate", "delta_pp"],
    "table_09": ["difficulty", "tasks/ solo", "tasks/ debate", "tasks2/ round-1", "tasks2/ debate"],
    "table_11": ["configuration", "runs", "higher", "equal", "lower"],
    "table_12": ["comparison", "pairs", "A", "B", "delta_pp", "wins", "ties", "losses", "p_t", "p_wilcoxon"],
    "table_13": ["difficulty", "pairs", "A", "B", "delta_pp", "wins", "ties", "losses", "p_t", "p_wilcoxon"],
    "table_15": ["pool", "judge", "experiment", "runs", "all", "hard", "extreme"],
    "table_17": ["configuration", "task_set", "runs", "mean_duration_s", "median_duration_s",
                 "mean_llm_time_s", "mean_rounds"],
    "table_20": ["comparison", "pairs", "ON", "OFF", "delta_pp", "wins", "ties", "losses", "p_t",
                 "p_wilcoxon_rounded"],
    "table_22": ["task_set", "difficulty", "debate_runs", "solo_mean_s", "debate_mean_s",
                 "debate_over_solo", "debate_mean_rounds", "debate_mean_llm_time_s"],
    "table_23": ["configuration", "runs", "pylint_before", "pylint_after", "pylint_change",
                 "complexity_before", "complexity_after", "complexity_change"],
}


def check_thesis_layout(thesis_out: Path) -> None:
    """Each numbered thesis table as CSV (with its columns) and Markdown; both thesis figures."""
    from codedebate.stats.outputs import THESIS_FIGURES, THESIS_LAYOUT_TABLES

    assert tuple(LAYOUT_COLUMNS) == THESIS_LAYOUT_TABLES
    for name, columns in LAYOUT_COLUMNS.items():
        table = pd.read_csv(thesis_out / "tables" / f"{name}.csv")
        assert list(table.columns) == columns, name
        assert len(table) > 0, name
        md = (thesis_out / "tables" / f"{name}.md").read_text()
        assert md.startswith(f"# {name}\n") and "| " + " | ".join(columns) + " |" in md, name
    t6 = pd.read_csv(thesis_out / "tables" / "table_06.csv").set_index("configuration")
    for label, col in (("Baseline", "tasks/"), ("Baseline", "tasks2/"), ("9b, judge", "tasks/"),
                       ("7b, no judge", "tasks2/")):
        assert round(t6.loc[label, col], 3) == t6.loc[label, f"published {col}"] > 0
    for name in THESIS_FIGURES:
        for ext in ("png", "pdf"):
            assert (thesis_out / "figures" / f"{name}.{ext}").stat().st_size > 1000, (name, ext)


@pytest.mark.snakemake
def test_thesis_tables_then_analysis_targets(tmp_path: Path, thesis_dir: Path) -> None:
    snakefile = tmp_path / "Snakefile"
    snakefile.write_text(WRAPPER.format(rules=RULES))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    cmd = [sys.executable, "-m", "snakemake", "-s", str(snakefile), "--directory", str(tmp_path),
           "--cores", "1", "thesis_tables", "analysis", "--config", f"thesis_results_dir={thesis_dir}"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    t6 = pd.read_csv(tmp_path / "results" / "thesis" / "tables" / "thesis_table6.csv")
    assert t6["matches_3dp"].all()
    check_thesis_layout(tmp_path / "results" / "thesis")
    assert (tmp_path / "results" / "tables" / "config_means.md").stat().st_size > 0
    assert (tmp_path / "results" / "figures" / "cost_vs_gain.png").stat().st_size > 0
    assert "all Table 6 values reproduced" in (
        tmp_path / "results" / "logs" / "thesis" / "thesis_tables.log").read_text()
    # up to date: a second run has nothing to do
    again = subprocess.run([*cmd, "-n"], env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "Nothing to be done" in again.stdout + again.stderr
