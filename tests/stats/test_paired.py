"""Paired t-test, Wilcoxon, effect sizes, CI and Bonferroni against hand values and scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from codedebate.stats.paired import (
    bonferroni,
    mean_diff_ci,
    pair_by_task,
    paired_test,
    rank_biserial,
    win_tie_loss,
)

A = np.array([1.0, 2.0, 3.0, 4.0])
B = np.array([0.0, 2.0, 1.0, 1.0])  # d = [1, 0, 2, 3]


def test_hand_computed_small_case() -> None:
    r = paired_test(A, B)
    assert (r.n, r.wins, r.ties, r.losses) == (4, 3, 1, 0)
    assert r.mean_diff == pytest.approx(1.5)
    assert r.cohens_dz == pytest.approx(1.5 / math.sqrt(5 / 3))
    assert r.rank_biserial == pytest.approx(1.0)  # every non-zero difference is positive
    assert r.mean_a == pytest.approx(2.5) and r.mean_b == pytest.approx(1.0)


def test_matches_scipy() -> None:
    rng = np.random.default_rng(7)
    a = rng.uniform(size=30)
    b = a - rng.normal(0.1, 0.2, size=30)
    r = paired_test(a, b)
    t = stats.ttest_rel(a, b)
    w = stats.wilcoxon(a - b, zero_method="wilcox")
    ci = t.confidence_interval(0.95)
    assert r.t == pytest.approx(t.statistic) and r.p_t == pytest.approx(t.pvalue)
    assert r.wilcoxon_w == pytest.approx(w.statistic) and r.p_wilcoxon == pytest.approx(w.pvalue)
    assert (r.ci_low, r.ci_high) == (pytest.approx(ci.low), pytest.approx(ci.high))


def test_rank_biserial_mixed_signs() -> None:
    # |d| ranks 1..4; R+ = 1 + 3, R- = 2 + 4 -> r = (4 - 6) / 10
    assert rank_biserial(np.array([1.0, -2.0, 3.0, -4.0])) == pytest.approx(-0.2)
    assert rank_biserial(np.array([0.0, 0.0])) != rank_biserial(np.array([0.0, 0.0]))  # NaN


def test_ci_hand_computed() -> None:
    low, high = mean_diff_ci(np.array([1.0, 0.0, 2.0, 3.0]))
    half = stats.t.ppf(0.975, 3) * math.sqrt(5 / 3) / 2
    assert (low, high) == (pytest.approx(1.5 - half), pytest.approx(1.5 + half))


def test_identical_samples_have_no_test_and_p_one() -> None:
    r = paired_test(A, A)
    assert (r.wins, r.ties, r.losses) == (0, 4, 0)
    assert math.isnan(r.t) and math.isnan(r.wilcoxon_w)
    assert r.p_t == 1.0 and r.p_wilcoxon == 1.0


def test_nan_pairs_dropped_and_length_checked() -> None:
    r = paired_test(np.array([1.0, np.nan, 0.5]), np.array([0.0, 1.0, 0.5]))
    assert r.n == 2 and r.wins == 1 and r.ties == 1
    with pytest.raises(ValueError, match="differ in length"):
        paired_test(np.ones(3), np.ones(2))


def test_win_tie_loss_tolerance() -> None:
    assert win_tie_loss(np.array([0.3, 0.1 + 0.2, 0.5]), np.array([0.1 + 0.2, 0.3, 0.6])) == (0, 2, 1)


def test_bonferroni() -> None:
    out = bonferroni(np.array([0.01, 0.2, np.nan, 0.5]))
    assert out[0] == pytest.approx(0.03) and out[1] == pytest.approx(0.6)
    assert math.isnan(out[2]) and out[3] == 1.0


def test_pair_by_task_uses_common_tasks() -> None:
    import pandas as pd

    a = pd.Series({"x": 1.0, "y": 0.5, "z": 0.0})
    b = pd.Series({"y": 0.25, "x": 0.5})
    va, vb, tasks = pair_by_task(a, b)
    assert tasks == ["x", "y"] and va.tolist() == [1.0, 0.5] and vb.tolist() == [0.5, 0.25]
