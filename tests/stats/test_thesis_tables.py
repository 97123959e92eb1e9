"""The thesis's published numbers regenerated from ../shared/thesis-results (skipped if absent)."""

from __future__ import annotations

import pytest

from codedebate.stats.load import Records
from codedebate.stats.outputs import THESIS_LAYOUT_TABLES, THESIS_TABLES
from codedebate.stats.thesis_tables import (
    PUBLISHED_TABLE6,
    ablation_pairs,
    adaptive_temperature,
    best_of_n_check,
    judge_modes,
    table6,
    thesis_tables,
)
from codedebate.stats.thesis import import_thesis


@pytest.fixture(scope="module")
def records(thesis_dir) -> Records:
    imported = import_thesis(thesis_dir)
    return Records(summary=imported.summary, per_round=imported.per_round)


def test_table6_matches_published_values_to_three_decimals(records) -> None:
    t = table6(records)
    assert len(t) == len(PUBLISHED_TABLE6) == 10
    for row in t.itertuples():
        assert round(row.reproduced, 3) == pytest.approx(PUBLISHED_TABLE6[(row.task_set, row.configuration)]), row
    solo = t[(t["task_set"] == "tasks") & (t["configuration"] == "baseline")].iloc[0]
    assert solo["runs"] == 360  # every solo run of the six models on the 60 tasks/ tasks


def test_best_round1_proposal_vs_debate_on_tasks(records) -> None:
    t = best_of_n_check(records).set_index("quantity")
    assert round(t.loc["best round-1 proposal", "reproduced"], 3) == 0.865
    assert round(t.loc["debate final", "reproduced"], 3) == 0.891
    assert (t["runs"] == 240).all()


def test_adaptive_temperature_ablation_has_240_pairs(records) -> None:
    assert ablation_pairs(records) == [
        ("7b_judge2", "7b_judge2_no_adaptive_temp"), ("7b_no_judge2", "7b_no_judge2_no_adaptive_temp"),
        ("9b_judge2", "9b_judge2_no_adaptive_temp"), ("9b_no_judge2", "9b_no_judge2_no_adaptive_temp"),
    ]
    t = adaptive_temperature(records)
    pooled = t[t["family"] == "adaptive_temperature_pooled"].iloc[0]
    assert pooled["n"] == 240
    assert pooled["wins"] + pooled["ties"] + pooled["losses"] == 240
    assert round(pooled["mean_a"], 3) == 0.758 and round(pooled["mean_b"], 3) == 0.718
    assert 0 < pooled["p_t"] < 0.05 and 0 < pooled["p_wilcoxon"] < 0.05
    per_config = t[t["family"] == "adaptive_temperature_by_config"]
    assert (per_config["n"] == 60).all() and len(per_config) == 4
    assert (per_config["p_t_bonferroni"] >= per_config["p_t"]).all()


def test_judge_modes_and_all_tables_build(records) -> None:
    modes = judge_modes(records)
    assert sorted(modes["judge"].unique()) == ["deepseek-coder-v2:16b", "deepseek-r1:14b", "none"]
    tables = thesis_tables(records)
    assert tuple(tables) == THESIS_TABLES + THESIS_LAYOUT_TABLES
    diff = tables["thesis_by_difficulty"].set_index(["task_set", "difficulty"])
    assert list(diff.loc["tasks"].index) == ["easy", "medium", "hard", "extreme"]
    assert diff.loc[("tasks", "easy"), "7b_no_judge"] == 1.0
    fvr = tables["thesis_final_vs_round1"]
    assert (fvr["higher"] + fvr["equal"] + fvr["lower"] == fvr["runs"]).all()


def test_no_thesis_run_ends_below_its_best_round1_proposal(records) -> None:
    """Per-round pass rates are rounded to 4 decimals; the tolerance must absorb that."""
    from codedebate.stats.descriptive import final_vs_round1, recovery

    assert (final_vs_round1(records.summary)["lower"] == 0).all()
    assert (recovery(records.summary)["worse"] == 0).all()
