"""Pure protocol rules: stop rules, temperature schedule, anti-regression decision, bug parsing."""

from __future__ import annotations

import pytest

from codedebate.executor.results import ExecutionResult, Outcome
from codedebate.executor.results import TestResult as Verdict
from codedebate.protocol.bugs import history_lines, is_grounded, parse_bugs
from codedebate.protocol.regression import revert_reason
from codedebate.protocol.settings import DebateSettings
from codedebate.protocol.state import DebateState, Round, Solution
from codedebate.protocol.stop_rules import ConsensusStop, EarlyStopOnPerfect, MaxRounds, first_reason
from codedebate.protocol.temperature import revision_temperature
from codedebate.protocol.voting import VoteOutcome


def result(passed: int, total: int = 4, compiles: bool = True) -> ExecutionResult:
    tests = [Verdict(f"test_{i}", Outcome.PASSED if i < passed else Outcome.FAILED) for i in range(total)]
    return ExecutionResult(tuple(tests), compiles=compiles)


def sol(passed: int, code: str = "def f():\n    return 1\n", truncated: bool = False, round_no: int = 1) -> Solution:
    return Solution("agent_1", round_no, {"solution.py": code}, result(passed), truncated=truncated)


def state_with(*rounds: Round) -> DebateState:
    from codedebate.tasks import parse_task

    task = parse_task({"id": "t", "name": "t", "difficulty": "easy", "description": "d",
                       "tests": ["def test_a():\n    pass"]})
    return DebateState(task=task, settings=DebateSettings(), agents=[], rounds=list(rounds))


def test_early_stop_rule_only_in_round_one():
    assert EarlyStopOnPerfect()(state_with(Round(1, {"a": sol(4)}))) == "early_stop"
    assert EarlyStopOnPerfect()(state_with(Round(1, {"a": sol(3)}))) == ""
    assert EarlyStopOnPerfect()(state_with(Round(1), Round(2, {"a": sol(4)}))) == ""


def test_consensus_rule():
    yes = Round(2, vote_outcome=VoteOutcome(1, 0.7, 2, 3, consensus=True))
    no = Round(2, vote_outcome=VoteOutcome(1, 0.5, 1, 3, consensus=False))
    assert ConsensusStop()(state_with(Round(1), yes)) == "consensus"
    assert ConsensusStop()(state_with(Round(1), no)) == ""
    assert ConsensusStop()(state_with(Round(1))) == ""


def test_max_rounds_rule_and_order():
    st = state_with(Round(1), Round(2, vote_outcome=VoteOutcome(1, 0.9, 2, 2, consensus=True)))
    assert MaxRounds(2)(st) == "max_rounds" and MaxRounds(3)(st) == ""
    assert first_reason((ConsensusStop(), MaxRounds(2)), st) == "consensus"


@pytest.mark.parametrize("stagnation,expected", [(0, 0.4), (1, 0.55), (2, 0.7), (3, 0.85), (4, 0.9), (9, 0.9)])
def test_temperature_schedule(stagnation, expected):
    assert revision_temperature(DebateSettings(), stagnation) == pytest.approx(expected)


def test_temperature_schedule_fixed_when_off():
    s = DebateSettings(adaptive_temperature=False)
    assert revision_temperature(s, 5) == 0.4


def test_anti_regression_decisions():
    best = sol(3)
    assert revert_reason(sol(2), best, tolerance=1) == ""
    assert revert_reason(sol(1), best, tolerance=1) == "lost_tests"
    assert revert_reason(sol(2), best, tolerance=0) == "lost_tests"
    assert revert_reason(sol(0, "def f(:\n"), best, 1) == "syntax_error"
    assert revert_reason(sol(3, truncated=True), best, 1) == "truncated"
    assert revert_reason(sol(0, "def f():\n    raise NotImplementedError\n"), best, 1) == "skeleton"
    assert revert_reason(sol(4), best, 1) == ""
    assert revert_reason(sol(0), None, 1) == ""  # a first proposal has nothing to fall back on


def test_parse_bugs_sections_and_none():
    reply = ("**Agent 2**\nBUGS:\n1. test_empty: returns None\n- `x[0]` fails on []\n"
             "### Agent 3\nBUGS: none\n")
    assert parse_bugs(reply, [2, 3]) == {2: ["test_empty: returns None", "`x[0]` fails on []"], 3: []}


def test_parse_bugs_drops_passing_test_lines():
    reply = "### Agent 2\nBUGS:\n1. test_a: PASSED\n2. **test_b**: passed\n3. test_c: FAILED, off by one\n"
    assert parse_bugs(reply, [2]) == {2: ["test_c: FAILED, off by one"]}


def test_parse_bugs_single_target_without_header():
    assert parse_bugs("BUGS:\n1. line 3 is wrong\n2. off by one\n", [1]) == {1: ["line 3 is wrong", "off by one"]}
    assert parse_bugs("BUGS:\n1. x\n", [1, 2]) == {1: [], 2: []}  # cannot attribute


def test_bug_grounding():
    code = "def f(xs):\n    return xs[0]\n"
    assert is_grounded("test_empty fails", ["test_empty"], code)
    assert is_grounded("line 2 crashes", [], code)
    assert is_grounded("`return xs[0]` crashes on []", [], code)
    assert not is_grounded("it is slow", ["test_empty"], code)
    assert not is_grounded("`return xs[-1]` is wrong", [], code)


def test_history_lines_first_bugs_cut():
    lines = history_lines("Agent 2", ["a" * 100, "b", "c", "d"], 3, 60)
    assert lines == ["Agent 2: " + "a" * 60, "Agent 2: b", "Agent 2: c"]
