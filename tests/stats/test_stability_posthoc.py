"""The post-hoc stability tool on a fixture of per-round records (and on the thesis exports)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from codedebate.cli import main
from codedebate.records import RunRecords, conform
from codedebate.stability import StabilitySettings
from codedebate.stats.stability_posthoc import best_up_to, count_matrix, stability_posthoc

# s per run and round (3 agents): settles after round 2. Run "d" stops after round 2 (carried forward).
S = {"a": [0, 1, 1, 1, 1], "b": [1, 2, 2, 2, 2], "c": [2, 3, 3, 3, 3], "d": [0, 0]}


def fixture_rows(experiment: str = "exp") -> pd.DataFrame:
    rows = []
    for run, counts in S.items():
        for r, s in enumerate(counts, start=1):
            for agent in range(3):
                rate = 1.0 if agent < s else 0.5
                if run == "a" and r == 5 and agent == 2:
                    rate = 0.75  # improves in the last round without solving: s unchanged
                rows.append({"debate_id": run, "experiment": experiment, "task_id": f"t_{run}",
                             "agent_id": f"agent_{agent + 1}", "round_num": r, "pass_rate": rate,
                             "generation_time": 2.0, "prompt_tokens": 10, "completion_tokens": 5})
    return conform(pd.DataFrame(rows), "per_round")


def test_counts_carry_stopped_runs_forward():
    counts, n = count_matrix(fixture_rows())
    assert n == 3
    assert counts.loc["d"].tolist() == [0, 0, 0, 0, 0]
    assert counts.loc["c"].tolist() == [2, 3, 3, 3, 3]


def test_posthoc_finds_the_stop_round_and_what_stopping_saves():
    report = stability_posthoc(fixture_rows(), StabilitySettings(restarts=2))
    emp = report.table.set_index("distance").loc["empirical"]
    # empirical: F(round 1) = .5 .75 1 1, F(round 2) = .25 .5 .75 1 -> KS 0.25; then 0, 0 -> stop after round 4
    assert emp["stop_round"] == 4 and emp["stopped"]
    assert emp["rounds_total"] == 17 and emp["rounds_saved"] == 3  # runs a, b, c each skip round 5
    assert emp["seconds_saved"] == 3 * 3 * 2.0 and emp["tokens_saved"] == 3 * 3 * 15
    assert emp["tokens_total"] == 17 * 3 * 15
    # run a's best answer was 0.75 in round 5, 1.0 earlier anyway (agent 1 solved from round 2)
    assert emp["pass_rate_at_stop"] == pytest.approx(emp["pass_rate_at_end"])
    mix = report.table.set_index("distance").loc["mixture"]
    assert mix["stop_round"] == 4  # identical histograms: mixture KS exactly 0 (deterministic fits)
    assert mix["identified_rounds"] == 0  # 3 agents: never identified
    trace = report.rounds[report.rounds["distance"] == "empirical"]
    assert trace["ks_empirical"].tolist()[1:] == [pytest.approx(0.25), 0.0, 0.0]
    assert math.isnan(trace["ks_empirical"].tolist()[0])


def test_pass_rate_at_stop_is_the_best_answer_available_then():
    rows = fixture_rows()
    rows.loc[(rows["debate_id"] == "a"), "pass_rate"] = 0.25
    rows.loc[(rows["debate_id"] == "a") & (rows["round_num"] == 5), "pass_rate"] = 0.5
    assert best_up_to(rows, 4)["a"] == 0.25 and best_up_to(rows, 5)["a"] == 0.5
    report = stability_posthoc(rows, StabilitySettings(restarts=1, distance="empirical"))
    emp = report.table.set_index("distance").loc["empirical"]
    assert emp["runs_worse_at_stop"] == 1
    assert emp["pass_rate_change"] == pytest.approx(-0.25 / 4)


def test_single_round_experiments_are_left_out():
    rows = fixture_rows()
    solo = rows[rows["round_num"] == 1].assign(experiment="solo")
    report = stability_posthoc(pd.concat([rows, solo]), StabilitySettings(restarts=1))
    assert set(report.table["experiment"]) == {"exp"}


def test_cli_writes_tables_and_figures(tmp_path, capsys):
    rows = fixture_rows()
    for run in S:
        pr = rows[rows["debate_id"] == run]
        summary = conform(pd.DataFrame([{"debate_id": run, "experiment": "exp", "task_id": f"t_{run}"}]), "summary")
        RunRecords(summary, pr, conform(pd.DataFrame(), "transcript")).write(tmp_path / "runs" / run)
    out = tmp_path / "out"
    assert main(["stability", str(tmp_path / "runs"), "--output", str(out), "--restarts", "1", "--patience", "1"]) == 0
    table = pd.read_csv(out / "stability.csv")
    assert set(table["stop_round"]) == {3}  # patience 1: the first stable round
    assert (out / "figures" / "stability_exp.png").is_file()
    assert "not identified" in capsys.readouterr().out
    assert main(["stability", str(tmp_path / "runs"), "--output", str(out), "--patience", "0"]) == 2
    assert "--patience" in capsys.readouterr().err


def test_thesis_exports(thesis_dir):
    from codedebate.stats.thesis import import_thesis

    per_round = import_thesis(thesis_dir).per_round
    one = per_round[per_round["experiment"] == "7b_judge"]
    report = stability_posthoc(one, StabilitySettings(restarts=1))
    table = report.table.set_index("distance")
    assert table.loc["empirical", "runs"] == 60 and table.loc["empirical", "agents"] == 3
    assert table.loc["empirical", "stop_round"] == 3  # KS 0.05 -> 0 -> 0 (empirical)
    assert table.loc["mixture", "identified_rounds"] == 0  # 3 proposers: not identified


def test_stability_tables_pair_experiments_by_task(tmp_path, capsys):
    from codedebate.stats.stability_tables import experiment_means, paired_against

    rows = []
    for exp, acc, rounds in (("fixed", [1, 1, 0, 1], 4), ("stable", [1, 0, 0, 1], 2), ("som", [0, 0, 0, 1], 1)):
        for i, a in enumerate(acc):
            rows.append({"debate_id": f"{exp}{i}", "experiment": exp, "task_id": f"t{i}", "protocol": "judge_debate",
                         "final_pass_rate": float(a), "total_rounds": rounds, "total_tokens": 100 * rounds})
    summary = conform(pd.DataFrame(rows), "summary")
    means = experiment_means(summary).set_index("experiment")
    assert means.loc["fixed", "accuracy"] == 0.75 and means.loc["stable", "rounds"] == 2
    paired = paired_against(summary, "fixed")
    acc = paired[paired["metric"] == "accuracy"].set_index("a")
    assert acc.loc["stable", "mean_diff"] == pytest.approx(-0.25) and acc.loc["stable", "n"] == 4
    assert acc.loc["som", "losses"] == 2
    tokens = paired[paired["metric"] == "tokens"].set_index("a")
    assert tokens.loc["stable", "mean_diff"] == -200
    with pytest.raises(ValueError, match="reference experiment 'nope'"):
        paired_against(summary, "nope")
    for i, row in summary.iterrows():
        RunRecords(summary.iloc[[i]], conform(pd.DataFrame(), "per_round"),
                   conform(pd.DataFrame(), "transcript")).write(tmp_path / "runs" / row["debate_id"])
    assert main(["stability-tables", str(tmp_path / "runs"), "--reference", "fixed", "--output", str(tmp_path / "t")]) == 0
    assert (tmp_path / "t" / "stability_paired.csv").is_file() and (tmp_path / "t" / "stability_means.md").is_file()
