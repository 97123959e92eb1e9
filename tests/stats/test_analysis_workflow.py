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

# stands in for common.smk: only the names analysis.smk / thesis.smk expect from it
WRAPPER = """
RESULTS = "results"
ALL_TARGETS = []


def merged_all(table="summary"):
    return [f"{{RESULTS}}/thesis/records/{{table}}.parquet"]


include: "{rules}/thesis.smk"
include: "{rules}/analysis.smk"
"""


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
    assert (tmp_path / "results" / "tables" / "config_means.md").stat().st_size > 0
    assert (tmp_path / "results" / "figures" / "cost_vs_gain.png").stat().st_size > 0
    assert "all Table 6 values reproduced" in (
        tmp_path / "results" / "logs" / "thesis" / "thesis_tables.log").read_text()
    # up to date: a second run has nothing to do
    again = subprocess.run([*cmd, "-n"], env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "Nothing to be done" in again.stdout + again.stderr
