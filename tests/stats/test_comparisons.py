"""Paired comparison families on the hand-made runs: pairing, baselines, Bonferroni."""

from __future__ import annotations

import pytest

from codedebate.stats import comparisons


def test_debate_vs_solo_pairs_tasks_against_the_mean_solo_run(synthetic) -> None:
    t = comparisons.debate_vs_solo(synthetic.summary).set_index("a")
    deb = t.loc["deb"]
    # solo per-task means: t1 1.0, t2 0.75, t3 0.25, t4 0.25 -> diffs 0, .25, .25, .5
    assert deb["n"] == 4 and deb["mean_b"] == pytest.approx(0.5625)
    assert deb["mean_diff"] == pytest.approx(0.25)
    assert (deb["wins"], deb["ties"], deb["losses"]) == (3, 1, 0)
    assert set(t["family"]) == {"debate_vs_solo"}
    assert (t["p_t_bonferroni"] == (t["p_t"] * 2).clip(upper=1)).all()


def test_final_vs_round1_proposals(synthetic) -> None:
    best = comparisons.final_vs_round1(synthetic.summary).set_index("a")
    assert best.loc["deb final", "mean_diff"] == pytest.approx(0.25)
    assert best.loc["deb final", "wins"] == 2 and set(best["family"]) == {"final_vs_best_round1"}
    mean = comparisons.final_vs_round1(synthetic.summary, "avg_initial_pass_rate").set_index("a")
    # deb: final - mean round-1 per task = 0.2, 0.5, 0.2, 0.5
    assert mean.loc["deb final", "mean_diff"] == pytest.approx(0.35)
    assert mean.loc["deb final", "b"] == "deb mean round-1"
    assert set(mean["family"]) == {"final_vs_mean_round1"}


def test_judge_pairs_only_when_unambiguous(synthetic) -> None:
    assert comparisons.judge_pairs(synthetic.summary) == [("deb_j", "deb")]
    twin = synthetic.summary[synthetic.summary["experiment"] == "deb"].copy()
    twin["experiment"] = "deb_other_setting"
    twin["debate_id"] = twin["debate_id"] + "x"
    import pandas as pd

    both = pd.concat([synthetic.summary, twin], ignore_index=True)
    assert comparisons.judge_pairs(both) == []  # two unjudged candidates: no guess


def test_judge_effect_values(synthetic) -> None:
    row = comparisons.judge_effect(synthetic.summary).iloc[0]
    # deb_j - deb per task: 0, 0, .5, -.25
    assert (row["a"], row["b"]) == ("deb_j", "deb")
    assert row["mean_diff"] == pytest.approx(0.0625)
    assert (row["wins"], row["ties"], row["losses"]) == (1, 2, 1)


def test_compare_experiments_names_a_missing_experiment(synthetic) -> None:
    with pytest.raises(KeyError, match="nope"):
        comparisons.compare_experiments(synthetic.summary, [("deb", "nope")], "fam")
