"""The stop logic: threshold, patience, reset of the counter, carry-forward, max rounds."""

from __future__ import annotations

import pytest

from codedebate.stability import StabilityRule, StabilitySettings, carry_forward
from codedebate.stability.rule import MAX_ROUNDS, STABLE

A = [5, 5, 4, 0, 1, 5, 3, 5, 2, 0]
B = [0, 0, 1, 5, 5, 0, 0, 1, 0, 2]  # very different from A


def empirical(**kw) -> StabilityRule:
    return StabilityRule(StabilitySettings(distance="empirical", restarts=1, **kw), n=5)


def test_patience_two_stops_after_two_stable_rounds():
    rule = empirical()
    assert rule.observe(A).reason == ""  # first round: nothing to compare
    r2 = rule.observe(A)
    assert (r2.ks_empirical, r2.streak, r2.reason) == (0.0, 1, "")
    r3 = rule.observe(A)
    assert (r3.streak, r3.reason) == (2, STABLE)
    assert rule.stopped


def test_a_moving_round_resets_the_counter():
    rule = empirical()
    rule.observe(A)
    assert rule.observe(A).streak == 1
    moved = rule.observe(B)
    assert moved.ks_empirical > 0.05 and moved.streak == 0 and not moved.stop
    assert rule.observe(B).streak == 1
    assert rule.observe(B).reason == STABLE


def test_mixture_distance_of_identical_rounds_is_zero():
    rule = StabilityRule(StabilitySettings(patience=1, restarts=2), n=5)
    rule.observe(A)
    r2 = rule.observe(list(reversed(A)))  # same histogram
    assert r2.ks_mixture == 0.0 and r2.reason == STABLE


def test_mixture_distance_drives_the_rule_by_default():
    rule = StabilityRule(StabilitySettings(patience=1, restarts=2), n=5)
    rule.observe(A)
    r2 = rule.observe(B)
    assert r2.ks_mixture > 0.05 and r2.streak == 0


def test_max_rounds_stops_a_moving_batch():
    rule = empirical(max_rounds=2)
    rule.observe(A)
    assert rule.observe(B).reason == MAX_ROUNDS


def test_rounds_must_cover_the_same_tasks():
    rule = empirical()
    rule.observe(A)
    with pytest.raises(ValueError, match="carry stopped tasks forward"):
        rule.observe(A[:-1])


def test_carry_forward_keeps_the_last_count_of_stopped_tasks():
    previous = {"t1": 3, "t2": 1, "t3": 0}
    assert carry_forward(previous, {"t1": 2, "t2": None, "t3": None}) == {"t1": 2, "t2": 1, "t3": 0}
    assert carry_forward({}, {"t1": 2}) == {"t1": 2}
    with pytest.raises(ValueError, match="t9"):
        carry_forward(previous, {"t9": None})


def test_settings_are_checked():
    with pytest.raises(ValueError, match="patience"):
        StabilitySettings(patience=0)
    with pytest.raises(ValueError, match="distance"):
        StabilitySettings(distance="wasserstein")
    with pytest.raises(ValueError, match="thresold"):
        StabilitySettings.from_mapping({"thresold": 0.1})
    with pytest.raises(ValueError, match="patience: must be int"):
        StabilitySettings.from_mapping({"patience": 1.5})
    assert StabilitySettings.from_mapping({"threshold": 1}).threshold == 1.0
