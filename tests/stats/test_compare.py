"""codedebate compare statistics on fixture records: arms table, paired differences, Holm, bootstrap."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from codedebate.records import conform
from codedebate.stats.compare import (CompareError, CompareSettings, bootstrap_mean, compare, holm,
                                      write_compare)


def run(experiment: str, protocol: str, task: str, seed: int, hidden: float, visible: float, tokens: int,
        oracle: bool = False, seconds: float = 10.0) -> dict:
    return {"debate_id": f"{experiment}-{task}-{seed}", "experiment": experiment, "protocol": protocol,
            "mode": protocol, "task_id": task, "seed": seed, "hidden_pass_rate": hidden,
            "final_pass_rate": visible, "total_tokens": tokens, "oracle_hidden": oracle,
            "model_seconds": seconds, "tokens_by_phase": json.dumps({})}


#: debate vs two baselines on 4 tasks x 1 seed
HIDDEN = {"debate": [1.0, 0.5, 0.0, 1.0], "best": [1.0, 1.0, 0.5, 1.0], "solo": [0.5, 0.0, 0.0, 1.0]}
PROTOCOL = {"debate": "debate", "best": "best_of_n", "solo": "solo"}
TOKENS = {"debate": 9000, "best": 3000, "solo": 600}


def fixture_summary() -> pd.DataFrame:
    rows = [run(arm, PROTOCOL[arm], f"t{i}", 0, h, min(1.0, h + 0.25), TOKENS[arm] + i, oracle=h > 0)
            for arm, values in HIDDEN.items() for i, h in enumerate(values)]
    return conform(pd.DataFrame(rows), "summary")


SETTINGS = CompareSettings(reference="debate", resamples=2000)


def test_arm_table_means_shares_and_costs():
    arms, _ = compare(fixture_summary(), SETTINGS)
    arms = arms.set_index("experiment")
    assert arms.loc["debate", "mean_hidden_pass_rate"] == pytest.approx(0.625)
    assert arms.loc["best", "solved_share"] == pytest.approx(0.75) and arms.loc["solo", "solved_share"] == 0.25
    assert arms.loc["debate", "oracle_share"] == pytest.approx(0.75)
    assert arms.loc["solo", "mean_tokens"] == pytest.approx(601.5) and arms.loc["solo", "mean_model_seconds"] == 10
    assert arms.loc["best", "mean_visible_pass_rate"] == pytest.approx(np.mean([1.0, 1.0, 0.75, 1.0]))
    for arm in arms.index:
        assert 0 <= arms.loc[arm, "ci_low"] <= arms.loc[arm, "mean_hidden_pass_rate"] <= arms.loc[arm, "ci_high"] <= 1
    assert list(arms["runs"]) == [4, 4, 4] and list(arms["tasks"]) == [4, 4, 4]


def test_differences_against_the_reference():
    _, diffs = compare(fixture_summary(), SETTINGS)
    diffs = diffs.set_index("experiment")
    assert set(diffs.index) == {"best", "solo"} and set(diffs["reference"]) == {"debate"}
    best = diffs.loc["best"]
    assert best["mean_diff"] == pytest.approx(0.25) and (best["wins"], best["ties"], best["losses"]) == (2, 2, 0)
    expected = stats.ttest_rel(HIDDEN["best"], HIDDEN["debate"])
    assert best["t"] == pytest.approx(expected.statistic) and best["p_t"] == pytest.approx(expected.pvalue)
    assert -1 <= best["boot_ci_low"] <= best["mean_diff"] <= best["boot_ci_high"] <= 1
    solo = diffs.loc["solo"]
    assert solo["mean_diff"] == pytest.approx(-0.25) and (solo["wins"], solo["ties"], solo["losses"]) == (0, 2, 2)
    assert list(diffs["p_t_holm"]) == pytest.approx(list(holm(diffs["p_t"])))
    assert all(diffs["p_t_holm"] >= diffs["p_t"])


def test_only_cells_every_experiment_ran_are_compared():
    summary = fixture_summary()
    extra = conform(pd.DataFrame([run("best", "best_of_n", "t9", 0, 0.0, 0.0, 1)]), "summary")
    arms, diffs = compare(pd.concat([summary, extra], ignore_index=True), SETTINGS)
    assert list(arms["runs"]) == [4, 4, 4] and "1 runs of cells some experiment lacks" in arms.attrs["caption"]
    assert arms.set_index("experiment").loc["best", "mean_hidden_pass_rate"] == pytest.approx(0.875)
    with pytest.raises(CompareError, match="share no"):
        compare(conform(pd.DataFrame([run("debate", "debate", "a", 0, 1, 1, 1), run("x", "solo", "b", 0, 1, 1, 1)]),
                        "summary"), SETTINGS)


def test_seeds_are_averaged_within_a_task_and_pairs_need_both_arms():
    rows = [run("ref", "debate", "t1", 0, 1.0, 1.0, 100), run("ref", "debate", "t1", 1, 0.0, 0.0, 100),
            run("ref", "debate", "t2", 0, 0.5, 0.5, 100), run("ref", "debate", "t2", 1, 0.5, 0.5, 100),
            run("x", "solo", "t1", 0, 1.0, 1.0, 10), run("x", "solo", "t1", 1, 1.0, 1.0, 10),
            run("x", "solo", "t2", 0, 0.5, 0.5, 10), run("x", "solo", "t3", 0, 1.0, 1.0, 10)]
    _, diffs = compare(conform(pd.DataFrame(rows), "summary"), CompareSettings("ref", resamples=500))
    row = diffs.iloc[0]
    assert row["pairs"] == 3 and row["tasks"] == 2  # t1 (seeds 0, 1) and t2 (seed 0); t3 has no reference
    assert row["mean_diff"] == pytest.approx((0.5 + 0.0) / 2)  # t1: 1 - 0.5; t2: 0.5 - 0.5


def test_reference_by_protocol_name_and_clear_errors():
    summary = fixture_summary()
    _, by_protocol = compare(summary, CompareSettings("best_of_n", resamples=100))
    assert set(by_protocol["reference"]) == {"best"}
    with pytest.raises(CompareError, match="'star' names no single experiment.*known: best, debate, solo"):
        compare(summary, CompareSettings("star", resamples=100))
    with pytest.raises(CompareError, match="no column 'nope'"):
        compare(summary, CompareSettings("debate", metric="nope"))


def test_holm():
    assert list(holm([0.01, 0.04, 0.03])) == pytest.approx([0.03, 0.06, 0.06])
    out = holm([0.5, float("nan"), 0.9])
    assert out[0] == pytest.approx(1.0) and np.isnan(out[1]) and out[2] == pytest.approx(1.0)


def test_bootstrap_interval():
    rng = np.random.default_rng(0)
    same = {f"t{i}": np.array([0.25]) for i in range(5)}
    assert bootstrap_mean(same, 200, rng) == pytest.approx((0.25, 0.25))
    spread = {f"t{i}": np.array([float(i % 2)]) for i in range(40)}
    low, high = bootstrap_mean(spread, 2000, rng)
    assert 0.3 < low < 0.5 < high < 0.7
    assert np.isnan(bootstrap_mean({"t": np.array([1.0])}, 10, rng)[0])  # one task: no interval


def test_write_compare_files(tmp_path):
    paths = write_compare(fixture_summary(), SETTINGS, tmp_path)
    assert sorted(p.name for p in paths) == sorted(["compare_arms.csv", "compare_arms.md", "compare_differences.csv",
                                                   "compare_differences.md", "cost_accuracy.png", "cost_accuracy.pdf"])
    assert "| best |" in (tmp_path / "compare_differences.md").read_text()
    assert (tmp_path / "cost_accuracy.png").stat().st_size > 1000
