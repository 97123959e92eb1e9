"""Thesis importer: the earliest-job dedup rule on synthetic cumulative exports, and the real data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from codedebate.stats.thesis import (
    PER_ROUND_REQUIRED,
    SUMMARY_REQUIRED,
    ThesisImportError,
    import_thesis,
    judge_of,
    task_set_of,
)

JUDGE = "deepseek-coder-v2:16b"


def _run(debate_id: str, agents: str, r1: list[float], final: float, mode: str = "debate"):
    summary = {c: 0 for c in SUMMARY_REQUIRED}
    summary.update(
        debate_id=debate_id, task_id=f"task_{debate_id}", task_name="T", difficulty="hard",
        mode=mode, agent_models=agents, final_pass_rate=final, tests_passed=1, tests_total=2,
        consensus_reached=True, status="consensus_reached" if mode == "debate" else "early_stop",
        winning_agent="agent_1", peak_after_debate=False, all_solutions_count=len(r1),
    )
    rounds = []
    for i, p in enumerate(r1):
        row = {c: 0 for c in PER_ROUND_REQUIRED}
        row.update(debate_id=debate_id, task_id=f"task_{debate_id}", difficulty="hard",
                   agent_id=f"agent_{i + 1}", model=agents.split(",")[i], role="general",
                   round_num=1, is_revision=False, pass_rate=p, status="test_failed",
                   was_truncated=False, is_historical_best_reuse=False)
        rounds.append(row)
    return summary, rounds


RUNS = {
    "r1": _run("r1", "m1,m2,m3", [0.5, 0.25, 0.0], 1.0),
    "r2": _run("r2", "m1,m2,m3", [1.0, 0.5, 0.5], 1.0),
    "r3": _run("r3", f"m1,m2,m3,{JUDGE}", [0.0, 0.0, 0.5], 0.5),
    "r4": _run("r4", "m1", [0.75], 0.75, mode="solo"),
}
# (job id, tag, runs in the cumulative export); file names sort differently from job ids
JOBS = [(900, "zz_no_judge", ["r1", "r2"]), (1000, "aa_judge", ["r1", "r2", "r3"]),
        (1100, "solo_x2", ["r3", "r1", "r2", "r4"])]


def write_exports(folder: Path, jobs=JOBS, drop: tuple[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for job, tag, ids in jobs:
        summary = pd.DataFrame([RUNS[i][0] for i in ids])
        rounds = pd.DataFrame([row for i in ids for row in RUNS[i][1]])
        if drop and drop[0] == tag:
            summary = summary.drop(columns=[drop[1]])
        summary.to_csv(folder / f"summary_{tag}_{job}.csv", index=False)
        rounds.to_csv(folder / f"per_round_{tag}_{job}.csv", index=False)
    return folder


def test_each_run_belongs_to_the_earliest_job_it_appears_in(tmp_path: Path) -> None:
    rec = import_thesis(write_exports(tmp_path / "exports"))
    s = rec.summary.set_index("debate_id")
    assert len(s) == 4 and s.index.is_unique
    assert s["experiment"].to_dict() == {
        "r1": "zz_no_judge", "r2": "zz_no_judge", "r3": "aa_judge", "r4": "solo_x2"}
    assert len(rec.per_round) == 3 + 3 + 3 + 1  # no copy of a run's rows from later files
    assert rec.per_round.groupby("debate_id")["experiment"].first().to_dict() == s["experiment"].to_dict()


def test_mapped_columns(tmp_path: Path) -> None:
    s = import_thesis(write_exports(tmp_path / "exports")).summary.set_index("debate_id")
    assert s.loc["r3", "judge_model"] == JUDGE and s.loc["r3", "agent_models"] == "m1,m2,m3"
    assert s.loc["r3", "num_agents"] == 3 and s.loc["r1", "judge_model"] == ""
    assert s.loc["r1", "best_initial_pass_rate"] == 0.5
    assert s.loc["r1", "avg_initial_pass_rate"] == pytest.approx(0.25)
    assert s.loc["r1", "improvement_over_best_initial"] == pytest.approx(0.5)
    assert s.loc["r2", "pass_at_1"] == pytest.approx(1 / 3) and s.loc["r2", "pass_at_k"] == 1.0
    assert s.loc["r1", "pass_at_k"] == 0.0
    assert s.loc["r4", "task_set"] == "tasks2" and s.loc["r1", "task_set"] == "tasks"
    assert s.loc["r4", "status"] == "solo" and s.loc["r1", "status"] == "consensus"
    assert s.loc["r4", "protocol"] == "solo" and s.loc["r1", "protocol"] == "thesis"
    assert s["hidden_pass_rate"].isna().all() and (s["source"] == "thesis").all()


def test_tag_rules() -> None:
    assert [task_set_of(t) for t in ("9b_judge", "9b_judge2", "7b_judge2_r1",
                                     "7b_no_judge2_no_adaptive_temp", "all6_solo")] == [
        "tasks", "tasks2", "tasks2", "tasks2", "tasks"]
    assert judge_of("7b_no_judge2") == "" and judge_of("all6_solo") == ""
    assert judge_of("9b_judge") == JUDGE and judge_of("9b_judge2_r1") == "deepseek-r1:14b"


def test_errors_name_the_file_and_column(tmp_path: Path) -> None:
    folder = write_exports(tmp_path / "a", drop=("aa_judge", "final_pass_rate"))
    with pytest.raises(ThesisImportError, match=r"summary_aa_judge_1000\.csv.*final_pass_rate"):
        import_thesis(folder)
    with pytest.raises(ThesisImportError, match="not a folder"):
        import_thesis(tmp_path / "absent")
    # a judged tag whose runs list no judge model
    bad = write_exports(tmp_path / "b", jobs=[(1, "x_judge", ["r1"])])
    with pytest.raises(ThesisImportError, match=r"summary_x_judge_1\.csv.*implies judge"):
        import_thesis(bad)


def test_cli_import_thesis(tmp_path: Path, capsys) -> None:
    from codedebate.cli import main

    assert main(["import-thesis", str(write_exports(tmp_path / "e")), "--output", str(tmp_path / "o")]) == 0
    assert len(pd.read_parquet(tmp_path / "o" / "summary.parquet")) == 4
    assert len(pd.read_parquet(tmp_path / "o" / "per_round.parquet")) == 10
    assert main(["import-thesis", str(tmp_path / "none"), "--output", str(tmp_path / "o2")]) == 2
    assert "not a folder" in capsys.readouterr().err


EXPECTED_COUNTS = {
    "7b_no_judge": 60, "7b_judge": 60, "9b_no_judge": 60, "9b_judge": 60, "all6_solo": 360,
    "7b_no_judge2": 60, "7b_judge2": 60, "9b_no_judge2": 60, "9b_judge2": 60,
    "7b_judge2_r1": 60, "9b_judge2_r1": 60, "7b_no_judge2_no_adaptive_temp": 60,
    "7b_judge2_no_adaptive_temp": 60, "9b_no_judge2_no_adaptive_temp": 60,
    "9b_judge2_no_adaptive_temp": 60,
}


@pytest.fixture(scope="module")
def real(thesis_dir):
    return import_thesis(thesis_dir)


def test_real_data_runs_and_tags(real, thesis_dir) -> None:
    s = real.summary
    assert len(s) == 1200 and s["debate_id"].is_unique
    assert s["experiment"].value_counts().to_dict() == EXPECTED_COUNTS
    last = pd.read_csv(thesis_dir / "summary_9b_judge2_no_adaptive_temp_232581.csv")
    assert set(last["debate_id"].astype(str)) == set(s["debate_id"])
    assert len(real.per_round) == len(pd.read_csv(thesis_dir / "per_round_9b_judge2_no_adaptive_temp_232581.csv"))
    assert s.groupby("task_set").size().to_dict() == {"tasks": 600, "tasks2": 600}
    assert (s.groupby("experiment")["task_id"].nunique() == 60).all()
    assert s["judge_model"].value_counts().to_dict() == {"": 720, JUDGE: 360, "deepseek-r1:14b": 120}
    assert s.loc[s["mode"] == "solo", "agent_models"].nunique() == 6


def test_real_data_round1_columns(real) -> None:
    s, r = real.summary, real.per_round
    r1 = r[r["round_num"] == 1].groupby("debate_id")["pass_rate"].max().astype(float)
    best = s.set_index("debate_id")["best_initial_pass_rate"].astype(float)
    assert np.allclose(best.loc[r1.index], r1)
    assert s["hidden_pass_rate"].isna().all() and r["hidden_pass_rate"].isna().all()
    assert (s.loc[s["mode"] == "debate", "num_agents"] == 3).all()
