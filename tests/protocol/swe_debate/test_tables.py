"""swe-tables on records of real (scripted-model) runs of the repository protocols."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from codedebate.cli import main
from codedebate.stats.swe_tables import by_arm, paired_resolve

from .test_swe_debate import FIX, PLAN, WRONG, run, script


@pytest.fixture(scope="module")
def summary(repo_task, executor):
    rows = []
    for seed_task in (repo_task,):
        _, row, _ = run(seed_task, executor, "swe_debate", script([json.dumps(PLAN)], [FIX]), rounds=1)
        rows.append({**row.to_dict(), "experiment": "debate"})
        _, row, _ = run(seed_task, executor, "agentless", script([], [WRONG]), agents=1, samples=1)
        rows.append({**row.to_dict(), "experiment": "agentless"})
    frame = pd.DataFrame(rows)
    second = frame.copy()
    second["task_id"] = "shop-qty-2"
    second["debate_id"] = second["debate_id"] + "2"
    return pd.concat([frame, second], ignore_index=True)


def test_by_arm_rates(summary):
    table = by_arm(summary).set_index("arm")
    assert table.loc["debate", "resolved"] == 1.0 and table.loc["agentless", "resolved"] == 0.0
    assert table.loc["debate", "runs"] == 2 and table.loc["debate", "tasks"] == 2
    assert table.loc["debate", "plan_valid"] == 1.0 and pd.isna(table.loc["agentless", "plan_valid"])
    assert table.loc["debate", "tokens_argue"] > 0 and table.loc["agentless", "tokens_argue"] == 0


def test_paired_resolve(summary):
    table = paired_resolve(summary)
    (row,) = table.to_dict("records")
    assert (row["a"], row["b"], row["n"], row["mean_a"], row["mean_b"]) == ("agentless", "debate", 2, 0.0, 1.0)
    assert row["losses"] == 2


def test_no_repository_runs_is_a_clear_error(tmp_path, summary, capsys):
    with pytest.raises(ValueError, match="no repository runs"):
        by_arm(summary.drop(columns=[c for c in summary.columns if c.startswith("repo_")]))
    summary.to_parquet(tmp_path / "summary.parquet")
    assert main(["swe-tables", "--records", str(tmp_path), "--output", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "swe_by_arm.md").is_file()
    assert "| debate |" in capsys.readouterr().out


def test_repo_gates_command(tmp_path, capsys):
    from pathlib import Path

    root = Path(__file__).resolve().parents[3] / "tasks_repo" / "ledger-tier-threshold" / "task.json"
    assert main(["repo-gates", str(root)]) == 0
    assert capsys.readouterr().out.strip() == "ledger-tier-threshold: ok"


def test_repo_gates_command_reports_a_task_without_reference_patch(repo_task, capsys):
    assert main(["repo-gates", repo_task.source_path]) == 1
    out = capsys.readouterr().out
    assert out.startswith("shop-qty: FAILED unpatched_visible_fails") and "no reference_patch" in out
