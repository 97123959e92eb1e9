"""`codedebate compare` end to end on fixture record files."""

from __future__ import annotations

import pandas as pd

from codedebate.cli import main
from codedebate.records import RunRecords, conform

#: arm -> (protocol, hidden pass rate per task t0..t3, tokens per run)
ARMS = {"debate": ("debate", [1.0, 0.5, 0.0, 1.0], 9000), "best": ("best_of_n", [1.0, 1.0, 0.5, 1.0], 3000),
        "solo": ("solo", [0.5, 0.0, 0.0, 1.0], 600)}


def write_runs(root):
    """One record folder per run, as `codedebate run` writes them."""
    for arm, (protocol, hidden, tokens) in ARMS.items():
        for i, h in enumerate(hidden):
            row = {"debate_id": f"{arm}-{i}", "experiment": arm, "protocol": protocol, "task_id": f"t{i}",
                   "seed": 0, "hidden_pass_rate": h, "final_pass_rate": h, "total_tokens": tokens,
                   "oracle_hidden": h > 0, "model_seconds": 1.0}
            RunRecords(pd.DataFrame([row]), conform(pd.DataFrame(), "per_round"),
                       conform(pd.DataFrame(), "transcript")).write(root / f"{arm}-{i}")


def test_compare_writes_tables_and_figure(tmp_path, capsys):
    write_runs(tmp_path / "runs")
    out = tmp_path / "cmp"
    assert main(["compare", "--records", str(tmp_path / "runs"), "--reference", "debate", "--output", str(out),
                 "--resamples", "200"]) == 0
    printed = capsys.readouterr().out
    assert "compare_differences" in printed and "| best | debate |" in printed
    assert {p.name for p in out.iterdir()} == {"compare_arms.csv", "compare_arms.md", "compare_differences.csv",
                                               "compare_differences.md", "cost_accuracy.png", "cost_accuracy.pdf"}


def test_compare_subset_and_errors(tmp_path, capsys):
    write_runs(tmp_path / "runs")
    out = tmp_path / "cmp"
    assert main(["compare", "--records", str(tmp_path / "runs"), "--reference", "debate", "--output", str(out),
                 "--experiments", "solo", "--resamples", "200"]) == 0
    assert "best" not in (out / "compare_differences.csv").read_text()
    assert main(["compare", "--records", str(tmp_path / "runs"), "--reference", "nope", "--output", str(out)]) == 2
    assert "'nope' names no single experiment" in capsys.readouterr().err
    assert main(["compare", "--records", str(tmp_path / "missing"), "--reference", "debate", "--output", str(out)]) == 2
