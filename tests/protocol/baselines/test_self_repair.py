"""self_repair: one model revises its own solution from visible-test results, up to K rounds."""

from __future__ import annotations

import pytest

from codedebate.protocol import SettingsError

from ..helpers import fenced, run_debate
from .helpers import ADD


def repairing(replies: dict[int, str]):
    """Round r's reply (round 1: propose, later: repair)."""
    def answer(request):
        assert request.meta["phase"] == ("propose" if request.meta["round"] == 1 else "repair")
        return fenced(replies[request.meta["round"]])

    return answer


def test_repairs_until_every_visible_test_passes(add_task, executor):
    run = run_debate(add_task, executor, repairing({1: ADD[1], 2: ADD[3], 3: ADD[4], 4: ADD[4]}), agents=["m"],
                     judge=None, protocol="self_repair", max_rounds=5)
    assert run.state.stop_reason == "solved" and len(run.state.rounds) == 3 and run.state.final.passed == 4
    repair = run.requests[1]
    text = repair.messages[-1].content
    assert "Tests passed: 1/4" in text and "test_add_small: FAILED" in text and ADD[1].strip() in text
    assert "debate" not in repair.messages[0].content  # the solo system prompt


def test_rounds_option_and_max_rounds(add_task, executor):
    replies = {r: ADD[1] if r == 1 else ADD[2] for r in range(1, 6)}
    run = run_debate(add_task, executor, repairing(replies), agents=["m"], judge=None, protocol="self_repair",
                     max_rounds=3)
    assert run.state.stop_reason == "max_rounds" and len(run.state.rounds) == 3
    run = run_debate(add_task, executor, repairing(replies), agents=["m"], judge=None, protocol="self_repair",
                     max_rounds=3, protocol_options={"rounds": 2})
    assert len(run.state.rounds) == 2 and run.state.final.passed == 2


def test_regression_restores_the_best_solution(add_task, executor):
    run = run_debate(add_task, executor, repairing({1: ADD[3], 2: ADD[1]}), agents=["m"], judge=None,
                     protocol="self_repair", max_rounds=2)
    assert run.state.rounds[1].rejected and run.state.final.files["solution.py"] == ADD[3]


def test_budget_stops_before_a_round_that_would_not_fit(add_task, executor):
    replies = {r: ADD[1] for r in range(1, 6)}
    full = run_debate(add_task, executor, repairing(replies), agents=["m"], judge=None, protocol="self_repair",
                      max_rounds=3)
    cost = [c.response.prompt_tokens + c.response.completion_tokens for c in full.state.calls]
    # round 2's prompt holds round 1's code and results: the dearest round so far is the estimate
    run = run_debate(add_task, executor, repairing(replies), agents=["m"], judge=None, protocol="self_repair",
                     max_rounds=3, protocol_options={"token_budget": cost[0] + 2 * cost[1] - 1})
    assert run.state.stop_reason == "budget" and len(run.state.rounds) == 2
    run = run_debate(add_task, executor, repairing(replies), agents=["m"], judge=None, protocol="self_repair",
                     max_rounds=3, protocol_options={"token_budget": cost[0] + 2 * cost[1]})
    assert len(run.state.rounds) == 3


def test_one_model_only(add_task, executor):
    with pytest.raises(SettingsError, match="solo runs one model"):
        run_debate(add_task, executor, repairing({1: ADD[1]}), agents=["m1", "m2"], judge=None,
                   protocol="self_repair")
