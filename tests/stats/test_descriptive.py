"""Descriptive tables on the hand-made runs of conftest.py (values worked out by hand)."""

from __future__ import annotations

import numpy as np
import pytest

from codedebate.stats import descriptive


def _row(df, experiment, **where):
    sel = df[df["experiment"] == experiment]
    for key, value in where.items():
        sel = sel[sel[key] == value]
    assert len(sel) == 1, sel
    return sel.iloc[0]


def test_config_means(synthetic) -> None:
    t = descriptive.config_means(synthetic.summary)
    deb = _row(t, "deb")
    assert deb["runs"] == 4 and deb["tasks"] == 4
    assert deb["mean_final_pass_rate"] == pytest.approx(0.8125)
    assert deb["share_solved"] == pytest.approx(0.5)
    assert deb["mean_best_initial"] == pytest.approx((1 + 0.5 + 0.5 + 0.25) / 4)
    assert deb["ci_low"] < 0.8125 < deb["ci_high"]
    assert _row(t, "deb_j")["judge_model"] == "J"
    assert _row(t, "solo_a")["mean_final_pass_rate"] == pytest.approx(0.4375)


def test_solo_models(synthetic) -> None:
    t = descriptive.solo_models(synthetic.summary).set_index("model")
    assert t.loc["m1", "mean_final_pass_rate"] == pytest.approx(0.4375)
    assert t.loc["m2", "share_solved"] == pytest.approx(0.5)


def test_by_difficulty_means_and_share_solved(synthetic) -> None:
    t = descriptive.by_difficulty(synthetic.summary)
    easy, hard = _row(t, "deb", difficulty="easy"), _row(t, "deb", difficulty="hard")
    assert (easy["mean_final_pass_rate"], easy["share_solved"]) == (1.0, 1.0)
    assert hard["mean_final_pass_rate"] == pytest.approx(0.625) and hard["share_solved"] == 0.0
    assert list(t[t["experiment"] == "deb"]["difficulty"]) == ["easy", "hard"]


def test_final_vs_round1(synthetic) -> None:
    t = descriptive.final_vs_round1(synthetic.summary)
    assert set(t["experiment"]) == {"deb", "deb_j"}  # solo runs have no debate to compare
    deb = _row(t, "deb")
    assert (deb["higher"], deb["equal"], deb["lower"]) == (2, 2, 0)
    assert deb["mean_gain"] == pytest.approx(0.8125 - 0.5625)


def test_recovery(synthetic) -> None:
    t = descriptive.recovery(synthetic.summary)
    deb, judged = _row(t, "deb"), _row(t, "deb_j")
    cols = ["solved_round1", "recovered", "improved_partial", "unchanged", "worse"]
    assert [deb[c] for c in cols] == [1, 1, 1, 1, 0]
    assert [judged[c] for c in cols] == [2, 1, 0, 1, 0]
    assert deb["recovery_rate"] == pytest.approx(1 / 3)
    assert judged["recovery_rate"] == pytest.approx(0.5)


def test_costs(synthetic) -> None:
    by_config = descriptive.costs(synthetic.summary, by_difficulty_too=False)
    deb = _row(by_config, "deb")
    assert deb["mean_duration_s"] == pytest.approx((15 + 25 + 25 + 25) / 4)
    assert deb["mean_rounds"] == pytest.approx(1.75)
    assert deb["mean_total_tokens"] == pytest.approx(100 * (3 + 6 + 6 + 6) / 4)
    by_diff = descriptive.costs(synthetic.summary)
    assert _row(by_diff, "deb", difficulty="easy")["mean_duration_s"] == pytest.approx(20.0)


def test_code_quality_and_visible_vs_hidden(synthetic) -> None:
    q = _row(descriptive.code_quality(synthetic.summary), "deb")
    assert q["pylint_change"] == pytest.approx(1.0) and q["complexity_change"] == pytest.approx(1.0)
    vh = _row(descriptive.visible_vs_hidden(synthetic.summary), "deb")
    assert vh["runs_with_hidden"] == 4
    assert vh["final_visible"] == pytest.approx(0.8125)
    assert vh["final_hidden"] == pytest.approx(0.5625)
    assert vh["visible_minus_hidden"] == pytest.approx(0.25)


def test_rounding_noise_counts_as_equal(synthetic) -> None:
    s = synthetic.summary.copy()
    row = s.index[(s["experiment"] == "deb") & (s["task_id"] == "t3")][0]
    s.loc[row, "best_initial_pass_rate"] = 0.5001  # per-round value rounded, final exact 0.5
    deb = _row(descriptive.final_vs_round1(s), "deb")
    assert (deb["higher"], deb["equal"], deb["lower"]) == (2, 2, 0)


def test_interval_of_a_mean_pass_rate_stays_in_0_1(synthetic) -> None:
    from codedebate.stats.paired import mean_diff_ci

    two = np.array([0.5, 1.0])
    assert mean_diff_ci(two)[1] > 1.0  # the t-interval of two runs leaves [0, 1]
    low, high = descriptive.bootstrap_mean_ci(two)
    assert (low, high) == (0.5, 1.0)
    assert np.isnan(descriptive.bootstrap_mean_ci(np.array([0.7]))[0])
    deb = synthetic.summary[synthetic.summary["experiment"] == "deb"].head(2)
    t = descriptive.config_means(deb).iloc[0]
    assert 0.0 <= t["ci_low"] <= t["mean_final_pass_rate"] <= t["ci_high"] <= 1.0
    assert "bootstrap" in descriptive.config_means(deb).attrs["caption"]
