"""best_of_n: round-robin sampling, visible-test selection, behaviour tie-break, oracle."""

from __future__ import annotations

import pytest

from codedebate.protocol import SettingsError
from codedebate.protocol.run_records import oracle_hidden

from ..helpers import run_debate
from .helpers import ADD, MINUS_3, MINUS_3_AGAIN, ZERO_3, by_sample, sample_number


def answer_of(run):
    return run.state.agents.index(run.state.agent(run.state.final.agent_id)) + 1


def test_samples_cycle_over_the_pool_with_their_own_seeds(add_task, executor):
    run = run_debate(add_task, executor, by_sample([ADD[1], ADD[2], ADD[1]]), agents=["m1", "m2"],
                     judge=None, protocol="best_of_n", protocol_options={"n_samples": 3, "temperature": 0.5})
    assert [sample_number(r) for r in run.backends["m1"].requests] == [1, 3]
    assert [sample_number(r) for r in run.backends["m2"].requests] == [2]
    assert len({r.seed for r in run.requests}) == 3 and {r.temperature for r in run.requests} == {0.5}
    assert [a.model for a in run.state.agents] == ["m1", "m2", "m1"]
    assert run.state.stop_reason == "sampled" and len(run.state.rounds) == 1


def test_answer_passes_most_visible_tests(add_task, executor):
    run = run_debate(add_task, executor, by_sample([ADD[1], ADD[3], ADD[2], ADD[3]]), agents=["m"],
                     judge=None, protocol="best_of_n", protocol_options={"n_samples": 4})
    assert answer_of(run) == 2 and run.state.final.passed == 3  # sample 4 ties; no behaviour majority: first


def test_tie_goes_to_the_most_frequent_behaviour(add_task, executor):
    codes = [ZERO_3, MINUS_3, ADD[1], MINUS_3_AGAIN]
    run = run_debate(add_task, executor, by_sample(codes), agents=["m"], judge=None, protocol="best_of_n",
                     protocol_options={"n_samples": 4})
    assert answer_of(run) == 2  # samples 2 and 4 return -1 on (-2, -3); sample 1 returns 0
    outcome = run.state.rounds[0].vote_outcome
    assert outcome.votes_for_winner == 2 and outcome.valid_votes == 3  # the three tied samples were probed


def test_oracle_counts_any_sample_that_passes_hidden_tests(add_task, executor):
    # ADD[2] (abs) is the answer and fails hidden add(-1, 0); no sample passes every hidden test
    run = run_debate(add_task, executor, by_sample([ADD[1], ADD[2]]), agents=["m"], judge=None,
                     protocol="best_of_n", protocol_options={"n_samples": 2})
    assert run.state.final.files["solution.py"] == ADD[2]
    assert not run.state.final.hidden_result.all_passed
    assert [s.hidden_result is not None for s in run.state.generated()] == [True, True]
    assert not any(s.hidden_result.all_passed for s in run.state.generated())
    run_ok = run_debate(add_task, executor, by_sample([ADD[1], ADD[4]]), agents=["m"], judge=None,
                        protocol="best_of_n", protocol_options={"n_samples": 2})
    assert run_ok.state.final.hidden_result.all_passed
    assert oracle_hidden(run.state) is False and oracle_hidden(run_ok.state) is True


def test_oracle_is_true_when_a_sample_other_than_the_answer_is_correct(add_task, executor):
    hidden_ok = "def add(a, b):\n    return 0 if a == -2 else a + b\n"  # 2 visible, every hidden test
    visible_3 = "def add(a, b):\n    return a + b if (a >= 0 or b >= 0) and a != -1 else 0\n"  # 3 visible
    run = run_debate(add_task, executor, by_sample([hidden_ok, visible_3]), agents=["m"], judge=None,
                     protocol="best_of_n", protocol_options={"n_samples": 2})
    assert run.state.final.files["solution.py"] == visible_3 and run.state.final.passed == 3
    assert not run.state.final.hidden_result.all_passed  # add(-1, 0) -> 0
    assert oracle_hidden(run.state) is True


def test_options_are_checked(add_task, executor):
    with pytest.raises(SettingsError, match="protocol_options.n_sample.*did you mean 'n_samples'"):
        run_debate(add_task, executor, by_sample([ADD[4]]), agents=["m"], judge=None, protocol="best_of_n",
                   protocol_options={"n_sample": 3})
    with pytest.raises(SettingsError, match="protocol_options.n_samples.*between 0 and 64"):
        run_debate(add_task, executor, by_sample([ADD[4]]), agents=["m"], judge=None, protocol="best_of_n",
                   protocol_options={"n_samples": 65})
    with pytest.raises(SettingsError, match="judge"):
        run_debate(add_task, executor, by_sample([ADD[4]]), agents=["m"], judge="j", protocol="best_of_n")
