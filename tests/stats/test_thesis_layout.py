"""The thesis's numbered tables in its own layout, from ../shared/thesis-results (skipped if absent)."""

from __future__ import annotations

import numpy as np
import pytest

from codedebate.stats import thesis_contrasts as contrasts
from codedebate.stats import thesis_layout as layout
from codedebate.stats.load import Records
from codedebate.stats.thesis import import_thesis
from codedebate.stats.thesis_units import task_pairs


@pytest.fixture(scope="module")
def records(thesis_dir) -> Records:
    imported = import_thesis(thesis_dir)
    return Records(summary=imported.summary, per_round=imported.per_round)


def test_table_06_reproduces_every_published_value(records) -> None:
    t = layout.table_06(records).set_index("configuration")
    assert list(t.index) == ["Baseline", "7b, no judge", "7b, judge", "9b, no judge", "9b, judge",
                             "Debate (mean of the 4)"]
    for (label, suite), published in layout.PUBLISHED_TABLE6.items():
        assert round(t.loc[label, f"{suite}/"], 3) == published, (label, suite)
        assert t.loc[label, f"published {suite}/"] == published
    assert (t["pairs"] == 120).all()
    # combined: every (suite, task) pair weighted equally, 60 + 60 pairs -> mean of the suite means
    both = (t["tasks/"] + t["tasks2/"]) / 2
    assert np.allclose(t["combined (120 pairs)"], both)
    assert round(t.loc["Baseline", "combined (120 pairs)"], 4) == 0.5511


def test_table_07_counts_every_task_once(records) -> None:
    t = layout.table_07(records).set_index("suite")
    assert list(t["tasks"]) == [60, 60, 120]
    assert ((t["wins"] + t["ties"] + t["losses"]) == t["tasks"]).all()
    assert t.loc["combined", "wins"] == t.loc["tasks/", "wins"] + t.loc["tasks2/", "wins"]
    assert (t.loc["tasks/", "wins"], t.loc["tasks/", "losses"]) == (49, 0)
    assert round(t.loc["tasks/", "debate"], 4) == 0.8914  # the tasks/ debates' mean (Table 6)


def test_table_08_pools_both_suites_with_equal_weights(records) -> None:
    t = layout.table_08(records).set_index("difficulty")
    assert list(t.index) == ["easy", "medium", "hard", "extreme", "all"]
    assert list(t["pairs"]) == [15, 15, 35, 55, 120]  # tasks/ 15 per level; tasks2/ 20 hard, 40 extreme
    pairs = task_pairs(records)
    hard = pairs[pairs["difficulty"] == "hard"]
    assert t.loc["hard", "baseline"] == pytest.approx(hard["baseline"].mean())
    assert t.loc["all", "delta_pp"] == pytest.approx(100 * (t.loc["all", "debate"] - t.loc["all", "baseline"]))
    assert (t["delta_pp"] > 0).all()


def test_table_09_shares_are_shares(records) -> None:
    t = layout.table_09(records).set_index("difficulty")
    assert np.isnan(t.loc["easy", "tasks2/ round-1"])  # tasks2/ has no easy tasks
    values = t.to_numpy(float)
    assert np.nanmin(values) >= 0 and np.nanmax(values) <= 1
    assert t.loc["easy", "tasks/ debate"] == 1.0


def test_table_11_compares_600_debates_after_rounding(records) -> None:
    t = layout.table_11(records).set_index("configuration")
    assert t.loc["all", "runs"] == 600 and len(t) == 11
    assert t.loc["all", "higher"] + t.loc["all", "equal"] + t.loc["all", "lower"] == 600
    assert t.loc["all", "lower"] == 0
    assert t.loc["all", "higher"] == t.drop(index="all")["higher"].sum() == 113


def test_table_11_without_rounding_would_show_false_regressions(records) -> None:
    """The per-round export rounds to 4 decimals, the summary does not: unrounded, 69 debates look lower."""
    from codedebate.stats.descriptive import as_text
    from codedebate.stats.thesis_units import DEBATES, round1, runs_of

    s, r1 = runs_of(records.summary, DEBATES), round1(records, DEBATES)
    best = r1.groupby(as_text(r1["debate_id"]))["pass_rate"].max().reindex(as_text(s["debate_id"]))
    assert (s["final_pass_rate"].astype(float).to_numpy() < best.to_numpy(float)).sum() == 69


def test_pool_and_judge_tables(records) -> None:
    t12 = contrasts.table_12(records).set_index("comparison")
    assert t12.loc["all 240 pairs", "pairs"] == 240 and (t12.drop(index="all 240 pairs")["pairs"] == 60).all()
    assert round(t12.loc["tasks/, judge", "B"], 3) == 0.922  # Pool B = 9b_judge
    t13 = contrasts.table_13(records)
    assert t13["pairs"].sum() == 240
    t15 = contrasts.table_15(records).set_index(["pool", "judge"])
    assert round(t15.loc[("B", "deepseek-coder-v2:16b"), "all"], 3) == 0.722
    assert round(t15.loc[("A", "none"), "all"], 3) == 0.776


def test_table_20_rounds_the_differences_before_wilcoxon(records) -> None:
    t = contrasts.table_20(records)
    assert "rounded to 4 decimals before the Wilcoxon" in t.attrs["caption"]
    pooled = t.set_index("comparison").loc["all 240 pairs"]
    assert pooled["pairs"] == 240 and (pooled["wins"], pooled["ties"], pooled["losses"]) == (76, 116, 48)
    assert round(pooled["ON"], 3) == 0.758 and round(pooled["OFF"], 3) == 0.718
    # rounding changes the ranks of near-equal differences, so the p-value moves
    assert round(pooled["p_wilcoxon_rounded"], 4) == 0.0122 and round(pooled["p_t"], 4) == 0.0099


def test_rounded_wilcoxon_differs_from_unrounded_only_by_rounding() -> None:
    d = np.array([0.11111, 0.1111, -0.05, 0.2, 0.0, 0.3, -0.1, 0.25])
    assert contrasts.wilcoxon_rounded(d) == contrasts.wilcoxon_rounded(np.round(d, 4))
    assert contrasts.wilcoxon_rounded(np.zeros(5)) == 1.0


def test_cost_and_quality_tables(records) -> None:
    t17 = contrasts.table_17(records).set_index("configuration")
    assert len(t17) == 15 and t17.loc["all6_solo", "runs"] == 360
    assert round(t17.loc["7b_no_judge", "mean_duration_s"], 1) == 101.1
    t22 = contrasts.table_22(records)
    assert list(t22["debate_runs"]) == [60, 60, 60, 60, 80, 160]
    assert t22[t22["task_set"] == "tasks2"]["solo_mean_s"].isna().all()
    t23 = contrasts.table_23(records).set_index("configuration")
    assert t23.loc["all 8 main configurations", "runs"] == 480
    assert t23.loc["all 8 main configurations", "pylint_change"] == pytest.approx(
        t23.loc["all 8 main configurations", "pylint_after"] - t23.loc["all 8 main configurations", "pylint_before"])
