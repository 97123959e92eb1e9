"""Unbiased pass@k against hand-computed values, the binomial formula and the thesis columns."""

from __future__ import annotations

from math import comb

import numpy as np
import pandas as pd
import pytest

from codedebate.stats.passk import pass_at_k, pass_at_k_per_task, pass_at_k_table


@pytest.mark.parametrize(
    ("n", "c", "k", "expected"),
    [(5, 0, 1, 0.0), (5, 5, 3, 1.0), (5, 2, 1, 0.4), (5, 2, 3, 0.9), (4, 1, 2, 0.5),
     (3, 1, 3, 1.0), (12, 1, 3, 0.25)],
)
def test_hand_computed(n: int, c: int, k: int, expected: float) -> None:
    assert pass_at_k(n, c, k) == pytest.approx(expected)


def test_matches_binomial_formula_on_a_grid() -> None:
    for n in range(1, 16):
        for c in range(n + 1):
            for k in range(1, n + 1):
                exact = 1.0 - comb(n - c, k) / comb(n, k)
                assert pass_at_k(n, c, k) == pytest.approx(exact, abs=1e-12)


def test_large_n_is_stable() -> None:
    assert pass_at_k(1000, 10, 100) == pytest.approx(1.0 - comb(990, 100) / comb(1000, 100))


@pytest.mark.parametrize(("n", "c", "k"), [(3, 4, 1), (3, -1, 1), (3, 1, 4), (3, 1, 0)])
def test_rejects_impossible_arguments(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError, match="pass_at_k"):
        pass_at_k(n, c, k)


def test_per_task_from_round1_proposals(synthetic) -> None:
    per_task = pass_at_k_per_task(synthetic.per_round, synthetic.summary)
    deb = per_task[per_task["experiment"] == "deb"].set_index("task_id")
    assert deb.loc["t1", ["n", "c"]].tolist() == [3, 1]
    assert deb.loc["t1", "pass@1"] == pytest.approx(1 / 3)
    assert deb.loc["t1", "pass@3"] == pytest.approx(1.0)
    assert deb.loc["t2", "pass@3"] == 0.0
    solo = per_task[per_task["experiment"] == "solo_a"]
    assert solo["pass@3"].isna().all()  # one sample per task: pass@3 undefined

    table = pass_at_k_table(synthetic.per_round, synthetic.summary).set_index("experiment")
    assert table.loc["deb", "pass@1"] == pytest.approx(1 / 12)
    assert table.loc["deb", "pass@3"] == pytest.approx(0.25)
    assert table.loc["deb_j", "pass@1"] == pytest.approx((1 + 1 / 3) / 4)


def test_reproduces_thesis_pass_at_k_columns(thesis_dir) -> None:
    """The thesis's pass_at_1/pass_at_3 are this estimator over all of a run's solutions."""
    raw = pd.read_csv(thesis_dir / "summary_9b_judge2_no_adaptive_temp_232581.csv")
    n, c = raw["all_solutions_count"], raw["passing_solutions_count"]
    at1 = np.array([pass_at_k(a, b, 1) for a, b in zip(n, c)])
    assert np.abs(at1 - raw["pass_at_1"]).max() < 1e-4
    multi = n >= 3
    at3 = np.array([pass_at_k(a, b, 3) for a, b in zip(n[multi], c[multi])])
    assert np.abs(at3 - raw.loc[multi, "pass_at_3"]).max() < 1e-4
