"""Accuracy tables with standard error, and the paired McNemar + bootstrap comparison."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from codedebate.stats import mc_tables as mt


def summary(arms: dict[str, list[int]], subjects: list[str]) -> pd.DataFrame:
    rows = []
    for arm, outcomes in arms.items():
        for i, ok in enumerate(outcomes):
            rows.append({"debate_id": f"{arm}-{i}", "experiment": arm, "task_id": f"q{i}", "seed": 0,
                         "subject": subjects[i], "final_correct": bool(ok),
                         "hidden_pass_rate": np.nan, "final_pass_rate": float(ok)})
    return pd.DataFrame(rows)


SUBJECTS = ["bio"] * 5 + ["geo"] * 5
STAR = [1, 1, 1, 1, 0, 1, 1, 0, 1, 1]  # 8/10
MESH = [1, 0, 0, 1, 0, 1, 0, 0, 1, 1]  # 5/10; discordant: star-only 3, mesh-only 0


def test_accuracy_and_standard_error() -> None:
    t = mt.accuracy_table(summary({"star": STAR, "mesh": MESH}, SUBJECTS)).set_index("experiment")
    assert t.loc["star", "accuracy"] == 0.8 and t.loc["star", "se"] == pytest.approx(np.sqrt(0.8 * 0.2 / 10))
    per = mt.accuracy_table(summary({"star": STAR}, SUBJECTS), by_subject=True).set_index("subject")
    assert per.loc["bio", "accuracy"] == 0.8 and per.loc["geo", "n"] == 5


def test_paired_mcnemar_and_bootstrap() -> None:
    res = mt.paired_accuracy(summary({"star": STAR, "mesh": MESH}, SUBJECTS), "star", "mesh", n_boot=2000)
    assert (res.n, res.only_a, res.only_b) == (10, 3, 0)
    assert res.diff == pytest.approx(0.3)
    assert res.mcnemar_p == pytest.approx(0.25)  # exact: 2 * 0.5**3
    assert res.boot_low <= 0.3 <= res.boot_high and res.boot_low >= 0.0
    again = mt.paired_accuracy(summary({"star": STAR, "mesh": MESH}, SUBJECTS), "star", "mesh", n_boot=2000)
    assert (again.boot_low, again.boot_high) == (res.boot_low, res.boot_high)


def test_unknown_arm_is_named() -> None:
    with pytest.raises(ValueError, match="'chain'"):
        mt.paired_accuracy(summary({"star": STAR}, SUBJECTS), "star", "chain")


def test_correctness_of_runs_without_final_correct() -> None:
    df = pd.DataFrame({"hidden_pass_rate": [1.0, 0.5, np.nan], "final_pass_rate": [0.0, 1.0, 1.0]})
    assert list(mt.correctness(df)) == [1.0, 0.0, 1.0]


def test_figures_build(tmp_path) -> None:
    s = summary({"star": STAR, "mesh": MESH}, SUBJECTS)
    fig = mt.accuracy_figure(s)
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["mesh", "star"]
    table = pd.DataFrame({"experiment": ["star", "star"], "round_num": [1, 2], "agreement": [0.5, 1.0],
                          "sycophancy_rate": [np.nan, 0.0]})
    fig = mt.by_round_figure(table)
    assert len(fig.axes) == 2 and len(fig.axes[0].lines) == 1
