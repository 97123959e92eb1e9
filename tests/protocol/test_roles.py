"""Roles and answers: judge, solo, hidden tests, multi-file generation, the final answer."""

from __future__ import annotations

import pytest
from .helpers import ADD, fenced, meta, responder, run_debate

from codedebate.protocol import AgentCallError, SettingsError

BASE = {1: ADD[3], 2: ADD[2], 3: ADD[1]}


def test_hidden_tests_never_in_any_prompt(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=3, judge="j", show_all_solutions=True)
    assert len(run.requests) > 10
    secrets = [t.name for t in add_task.hidden_tests] + ["10**6", "add(7, -9)"]
    for request in run.requests:
        for message in request.messages:
            assert not any(s in message.content for s in secrets), (request.meta, s)
    # ...but the final answer and the best round-1 proposal are scored on them at the end
    assert run.state.final.hidden_result.total == 3
    assert run.state.best_initial.hidden_result.total == 3


def test_judge_never_proposes(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=2, judge="j")
    judge_phases = {r.meta["phase"] for r in run.backends["j"].requests}
    assert judge_phases == {"critique", "vote"}
    assert all(r.meta["role"] == "judge" for r in run.backends["j"].requests)
    assert all(run.state.judge.id not in rnd.solutions for rnd in run.state.rounds)
    critiques = [c for c in run.state.rounds[1].critiques if c.critic_id == run.state.judge.id]
    assert sorted(c.target_id for c in critiques) == sorted(a.id for a in run.state.agents)


def test_judge_vote_counts(add_task, executor):
    votes = {0: "VOTE: Agent 1\nCONFIDENCE: 1.0", 2: "VOTE: Agent 1\nCONFIDENCE: 1.0"}
    run = run_debate(add_task, executor, responder(BASE, votes=votes), max_rounds=2, judge="j")
    outcome = run.state.rounds[1].vote_outcome
    assert outcome.winner == 1 and outcome.votes_for_winner == 2 and outcome.consensus


def test_self_vote_abstains_in_debate(add_task, executor):
    votes = {1: "VOTE: Agent 1\nCONFIDENCE: 1.0", 2: "VOTE: Agent 1", 3: "VOTE: Agent 1"}
    run = run_debate(add_task, executor, responder(BASE, votes=votes), max_rounds=2)
    by_voter = {v.voter: v for v in run.state.rounds[1].votes}
    assert by_voter[run.state.agents[0].id].abstain_reason == "self_vote"
    assert run.state.rounds[1].vote_outcome.votes_for_winner == 2


def counter_files(request):
    phase, number, round_no, part = meta(request)
    if phase != "propose":
        return responder({})(request)
    if part == 0:
        return fenced("def count_words(text):\n    out = {}\n    for w in text.split():\n"
                      "        out[w] = out.get(w, 0) + 1\n    return out\n")
    return fenced("from counter import count_words\n\n\ndef report(text):\n"
                  "    return [f'{w}: {n}' for w, n in sorted(count_words(text).items())]\n")


def test_multi_file_chunked_generation_sees_earlier_files(pair_task, executor):
    run = run_debate(pair_task, executor, counter_files, agents=["m1", "m2"])
    props = [r for r in run.requests if r.meta["phase"] == "propose"]
    assert len(props) == 4  # two agents x two files
    first = [r for r in props if r.meta["part"] == 0]
    second = [r for r in props if r.meta["part"] == 1]
    assert all("Now write only the file counter.py" in r.messages[-1].content for r in first)
    assert all("already written" not in r.messages[-1].content for r in first)
    for r in second:
        text = r.messages[-1].content
        assert "File counter.py (already written)" in text and "out[w] = out.get(w, 0) + 1" in text
        assert "Now write only the file report.py" in text
    final = run.state.final
    assert set(final.files) == {"counter.py", "report.py"} and final.all_passed
    assert run.state.stop_reason == "early_stop" and final.hidden_result.all_passed


def test_final_answer_best_across_rounds(add_task, executor):
    """Agent 2 improves to 4/4 in round 2 (no consensus); the final answer is that revision."""
    run = run_debate(add_task, executor, responder(BASE, {(2, 2): ADD[4]}), max_rounds=3)
    final = run.state.final
    assert final.round == 2 and final.agent_id == run.state.agents[1].id and final.all_passed
    assert run.state.best_initial.passed == 3
    assert run.state.stop_reason == "max_rounds"  # later rounds did not change the answer


def test_final_answer_tie_goes_to_earliest_round(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE, {(2, 2): ADD[3]}), max_rounds=2)
    assert run.state.final.round == 1 and run.state.final.agent_id == run.state.agents[0].id


def test_restored_copy_never_wins_over_its_original(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE, {(1, 2): ADD[1]}), max_rounds=2)
    assert run.state.final.round == 1 and not run.state.final.is_reuse


def test_solo_one_model_one_attempt(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[3]}), protocol="solo", agents=["m1"], max_rounds=5)
    assert [r.meta["phase"] for r in run.requests] == ["propose"]
    assert run.requests[0].meta["role"] == "solo"
    assert run.state.stop_reason == "solo" and len(run.state.rounds) == 1
    assert run.state.final.passed == 3 and run.state.final.hidden_result is not None


def test_solo_rejects_several_models(add_task, executor):
    with pytest.raises(SettingsError, match="solo runs one model"):
        run_debate(add_task, executor, responder({1: ADD[3]}), protocol="solo")


def test_unknown_protocol_is_a_settings_error(add_task, executor):
    with pytest.raises(SettingsError, match="unknown protocol 'hexagon'.*debate.*solo"):
        run_debate(add_task, executor, responder(BASE), protocol="hexagon")


def test_backend_error_names_agent_model_and_phase(add_task, executor):
    def answer(request):
        if meta(request)[:2] == ("critique", 3):
            return {"error": "connection refused at http://127.0.0.1:9"}
        return responder(BASE)(request)

    with pytest.raises(AgentCallError, match=r"model 'm3' failed for agent_3_m3 in the critique phase of round 2"):
        run_debate(add_task, executor, answer, max_rounds=2)


def test_multi_file_revision_is_chunked_and_sees_revised_files(pair_task, executor):
    broken_counter = "def count_words(text):\n    return {}\n"
    fixed_counter = "def count_words(text):\n    out = {}\n    for w in text.split():\n        out[w] = out.get(w, 0) + 1\n    return out\n"
    report = ("from counter import count_words\n\n\ndef report(text):\n"
              "    return [f'{w}: {n}' for w, n in sorted(count_words(text).items())]\n")

    def answer(request):
        phase, _, _, part = meta(request)
        if phase == "propose":
            return fenced(broken_counter if part == 0 else report)
        if phase == "revise":
            return fenced(fixed_counter if part == 0 else report)
        return responder({})(request)

    run = run_debate(pair_task, executor, answer, agents=["m1", "m2"], max_rounds=2)
    revs = [r for r in run.requests if r.meta["phase"] == "revise"]
    assert sorted((r.meta["agent"], r.meta["part"]) for r in revs) == [
        ("agent_1", 0), ("agent_1", 1), ("agent_2", 0), ("agent_2", 1)]
    second = [r for r in revs if r.meta["part"] == 1]
    assert all("File counter.py (already written)" in r.messages[-1].content
               and "out.get(w, 0) + 1" in r.messages[-1].content.split("already written")[1] for r in second)
    assert run.state.rounds[0].solutions[run.state.agents[0].id].passed == 0
    assert run.state.final.round == 2 and run.state.final.all_passed
