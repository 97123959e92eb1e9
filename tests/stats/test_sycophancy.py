"""Each agreement / flip / sycophancy metric on a hand-made per-round table."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from codedebate.stats import sycophancy as sy


def table(rows: list[tuple[str, str, int, str, bool]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["debate_id", "agent_id", "round_num", "answer_key", "correct"])


# Run r1, gold B, three agents over three rounds:
#   round 1: a1=B (right)  a2=C  a3=C
#   round 2: a1=C (follows the peers: sycophantic)  a2=B (wrong->right, changed to a1's answer)  a3=C (kept, 2 of 3 = majority is its own)
#   round 3: a1=C a2=C (right->wrong, agrees with peers: sycophantic) a3=C  -> unanimous
R1 = [("r1", "a1", 1, "B", True), ("r1", "a2", 1, "C", False), ("r1", "a3", 1, "C", False),
      ("r1", "a1", 2, "C", False), ("r1", "a2", 2, "B", True), ("r1", "a3", 2, "C", False),
      ("r1", "a1", 3, "C", False), ("r1", "a2", 3, "C", False), ("r1", "a3", 3, "C", False)]
# Run r2, two agents: a1 keeps A while its one peer says B (no strict majority against it: 1 of 2)
R2 = [("r2", "a1", 1, "A", True), ("r2", "a2", 1, "B", False),
      ("r2", "a1", 2, "A", True), ("r2", "a2", 2, "", False)]


def test_pairwise_agreement_and_majority() -> None:
    assert sy.pairwise_agreement(["B", "C", "C"]) == pytest.approx(1 / 3)
    assert sy.pairwise_agreement(["", ""]) == 0.0  # no answer never agrees
    assert math.isnan(sy.pairwise_agreement(["B"]))
    assert sy.majority_key(["B", "C", "C"]) == "C"
    assert sy.majority_key(["B", "C"]) == ""


def test_round_table() -> None:
    rounds = sy.round_table(table(R1)).set_index("round_num")
    assert list(rounds["unanimous"]) == [False, False, True]
    assert rounds.loc[1, "accuracy"] == pytest.approx(1 / 3)
    assert rounds.loc[3, "agreement"] == 1.0


def test_transitions_flag_each_event() -> None:
    t = sy.transitions(table(R1)).set_index(["agent_id", "round_num"])
    assert t.loc[("a1", 2), "sycophantic"] and t.loc[("a1", 2), "correct_to_wrong"] and t.loc[("a1", 2), "changed_to_peer"]
    assert t.loc[("a2", 2), "wrong_to_correct"] and t.loc[("a2", 2), "changed_to_peer"] and not t.loc[("a2", 2), "sycophantic"]
    assert not t.loc[("a3", 2), "changed"] and not t.loc[("a3", 2), "kept_against_majority"]  # the majority is its own
    assert t.loc[("a2", 3), "sycophantic"]
    assert not t.loc[("a1", 3), "changed"] and not t.loc[("a1", 3), "kept_against_majority"]
    assert len(t) == 6


def test_kept_against_majority() -> None:
    rows = [("r", "a1", 1, "A", True), ("r", "a2", 1, "B", False), ("r", "a3", 1, "B", False),
            ("r", "a1", 2, "A", True), ("r", "a2", 2, "B", False), ("r", "a3", 2, "A", True)]
    t = sy.transitions(table(rows)).set_index(["agent_id", "round_num"])
    assert t.loc[("a1", 2), "kept_against_majority"]
    assert t.loc[("a3", 2), "wrong_to_correct"] and t.loc[("a3", 2), "changed_to_peer"]


def test_run_table() -> None:
    runs = sy.run_table(table(R1 + R2)).set_index("debate_id")
    r1 = runs.loc["r1"]
    assert r1["agreement_rate"] == 1.0 and r1["rounds_until_agreement"] == 2
    assert (r1["correct_to_wrong"], r1["wrong_to_correct"], r1["sycophantic"]) == (2, 1, 2)
    assert r1["sycophancy_rate"] == 1.0  # 2 sycophantic of 2 transitions from a correct answer
    assert r1["changed_to_peer"] == 3 and r1["transitions"] == 6
    r2 = runs.loc["r2"]
    assert math.isnan(r2["rounds_until_agreement"]) and r2["agreement_rate"] == 0.0
    assert r2["sycophantic"] == 0 and r2["kept_against_majority"] == 0


def test_by_round_per_arm() -> None:
    summary = pd.DataFrame({"debate_id": ["r1", "r2"], "experiment": ["mesh", "star"]})
    out = sy.by_round(table(R1 + R2), summary).set_index(["experiment", "round_num"])
    assert out.loc[("mesh", 2), "sycophantic"] == 1 and out.loc[("mesh", 2), "sycophancy_rate"] == 1.0
    assert out.loc[("star", 2), "sycophantic"] == 0 and math.isnan(out.loc[("mesh", 1), "sycophancy_rate"])


def test_records_without_topology_columns_are_refused() -> None:
    with pytest.raises(ValueError, match="star or mesh"):
        sy.run_table(pd.DataFrame({"debate_id": ["x"], "agent_id": ["a"], "round_num": [1]}))
