"""majority_vote and vote_only: behaviour grouping, largest group, tie-breaks, probes."""

from __future__ import annotations

import asyncio

from codedebate.protocol import RunContext
from codedebate.protocol.baselines.behaviour import output_prints, probe_source
from codedebate.protocol.state import Solution

from ..helpers import run_debate
from .helpers import ADD, MINUS_3, MINUS_3_AGAIN, ZERO_3, by_sample


def answer_number(run) -> int:
    return run.state.agent(run.state.final.agent_id).number


def vote(add_task, executor, codes, protocol="majority_vote"):
    return run_debate(add_task, executor, by_sample(codes), agents=["m"], judge=None, protocol=protocol,
                      protocol_options={"n_samples": len(codes)})


def test_largest_behaviour_group_wins_without_passing_every_test(add_task, executor):
    run = vote(add_task, executor, [ADD[4], MINUS_3, ZERO_3, MINUS_3_AGAIN])
    assert answer_number(run) == 2 and run.state.final.passed == 3  # the -1 group (2 and 4) beats ADD[4]
    outcome = run.state.rounds[0].vote_outcome
    assert (outcome.votes_for_winner, outcome.valid_votes, outcome.ratio) == (2, 4, 0.5)
    assert {v.voter.split("_")[1]: v.choice for v in run.state.rounds[0].votes} == {"1": 1, "2": 2, "3": 3, "4": 2}


def test_equal_code_text_is_not_needed_equal_outputs_are(add_task, executor):
    run = vote(add_task, executor, [ZERO_3, MINUS_3_AGAIN, MINUS_3])
    assert answer_number(run) == 2  # MINUS_3 and MINUS_3_AGAIN differ in text, not in behaviour


def test_size_tie_majority_prefers_more_visible_tests_vote_only_the_first(add_task, executor):
    codes = [ZERO_3, ADD[4]]
    assert answer_number(vote(add_task, executor, codes)) == 2
    assert answer_number(vote(add_task, executor, codes, "vote_only")) == 1


def test_vote_only_groups_by_outputs_alone(add_task, executor):
    # ADD[2] (abs) and ADD[4] differ on (-2, -3) and (-2, 5): three groups of one -> the first
    run = vote(add_task, executor, [ADD[2], ADD[4], ADD[1]], "vote_only")
    assert answer_number(run) == 1 and run.state.rounds[0].vote_outcome.votes_for_winner == 1


def test_probe_records_outputs_instead_of_asserting():
    probe = probe_source("def test_a():\n    assert add(1, 2) == 3\n    assert 5 == add(2, 3)\n")
    assert "_cd_value(lambda: add(1, 2))" in probe and "_cd_value(lambda: add(2, 3))" in probe
    assert "assert" not in probe and "_cd_report(_cd_out)" in probe


def test_output_prints_equal_for_equal_outputs(add_task, executor):
    def prints(code: str) -> tuple[str, ...]:
        sol = Solution("a", 1, {"solution.py": code}, asyncio.run(executor.arun(add_task, {"solution.py": code})))
        return asyncio.run(output_prints(RunContext(executor), add_task, sol))

    minus, again, zero = prints(MINUS_3), prints(MINUS_3_AGAIN), prints(ZERO_3)
    assert minus == again and len(minus) == 4 and all(len(p) == 16 for p in minus)
    assert [a == b for a, b in zip(minus, zero)] == [True, True, False, True]  # only (-2, -3) differs
    broken = prints("def add(a, b)\n")
    assert broken != minus and all(p == "error" for p in broken)


def test_records_hold_groups_and_samples(add_task, executor):
    import pandas as pd

    from codedebate.protocol.run_records import build_records
    from codedebate.protocol.registry import get_protocol

    run = vote(add_task, executor, [ADD[4], MINUS_3, ZERO_3, MINUS_3_AGAIN])
    ident = {"debate_id": "x", "experiment": "e", "task_set": "t", "mode": "majority_vote",
             "protocol": "majority_vote", "config_hash": "h", "code_version": "v"}
    records = build_records(run.state, ident, get_protocol(run.state.settings).extensions)
    summary = records.summary.iloc[0]
    assert summary["n_samples"] == 4 and summary["behaviour_groups"] == 3 and pd.isna(summary["token_budget"])
    assert summary["num_agents"] == 4 and summary["status"] == "sampled" and summary["oracle_hidden"]
    assert list(records.per_round["behaviour_group"]) == [2, 1, 3, 1]
