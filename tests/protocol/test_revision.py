"""Revision rules: anti-regression, adaptive temperature, visibility, critique history, strategy."""

from __future__ import annotations

import pytest
from .helpers import ADD, SKELETON, SYNTAX_ERROR, fenced, meta, responder, run_debate

BASE = {1: ADD[3], 2: ADD[2], 3: ADD[1]}  # passes 3, 2, 1 of 4 visible tests


def agent1(run, round_no):
    return run.state.rounds[round_no - 1].solutions[run.state.agents[0].id]


def requests(run, phase, number=None, round_no=None):
    return [r for r in run.requests
            if meta(r)[0] == phase and (number is None or meta(r)[1] == number)
            and (round_no is None or meta(r)[2] == round_no)]


def prompt_text(request) -> str:
    return "\n".join(m.content for m in request.messages)


def test_anti_regression_lost_tests(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE, {(1, 2): ADD[1]}), max_rounds=2)
    sol = agent1(run, 2)
    assert sol.is_reuse and sol.revert_reason == "lost_tests" and sol.reused_from_round == 1
    assert sol.files["solution.py"] == ADD[3] and sol.passed == 3
    assert [r.passed for r in run.state.rounds[1].rejected] == [1]


def test_anti_regression_tolerates_one_lost_test(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE, {(1, 2): ADD[2]}), max_rounds=2)
    sol = agent1(run, 2)
    assert not sol.is_reuse and sol.passed == 2


def test_anti_regression_syntax_error(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE, {(1, 2): SYNTAX_ERROR}), max_rounds=2)
    assert agent1(run, 2).revert_reason == "syntax_error"


def test_anti_regression_truncated_by_token_limit(add_task, executor):
    """The reply ran into max_tokens inside its code fence: reverted even though the code parses."""
    def answer(request):
        if meta(request)[:3] == ("revise", 1, 2):
            return {"text": "```python\n" + ADD[3], "finish_reason": "length"}
        return responder(BASE)(request)

    run = run_debate(add_task, executor, answer, max_rounds=2)
    sol = agent1(run, 2)
    assert sol.revert_reason == "truncated" and sol.truncated and sol.hit_token_limit and sol.is_reuse


def test_token_limit_after_a_closed_fence_is_kept(add_task, executor):
    """The code fence closed before the model rambled into max_tokens: the code is whole."""
    def answer(request):
        if meta(request)[:3] == ("revise", 1, 2):
            return {"text": fenced(ADD[3]) + "This works because", "finish_reason": "length"}
        return responder(BASE)(request)

    run = run_debate(add_task, executor, answer, max_rounds=2)
    sol = agent1(run, 2)
    assert not sol.is_reuse and not sol.truncated and sol.hit_token_limit


def test_anti_regression_truncated_unbalanced_code(add_task, executor):
    cut = "```python\ndef add(a, b):\n    return (a +\n"

    def answer(request):
        return cut if meta(request)[:3] == ("revise", 1, 2) else responder(BASE)(request)

    run = run_debate(add_task, executor, answer, max_rounds=2)
    assert agent1(run, 2).revert_reason == "truncated"


def test_anti_regression_skeleton(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[1], 2: ADD[2], 3: ADD[1]}, {(1, 2): SKELETON}),
                     max_rounds=2)
    sol = agent1(run, 2)
    assert sol.revert_reason == "skeleton" and sol.files["solution.py"] == ADD[1]


def revision_temperatures(run, number):
    return [r.temperature for r in sorted(requests(run, "revise", number), key=lambda r: r.meta["round"])]


def test_temperature_schedule_adaptive(add_task, executor):
    """Agent 1 never improves: 0.4, 0.55, 0.7, 0.85; agent 2 improves in round 2, so resets to 0.4."""
    revisions = {(2, 2): ADD[3]}
    run = run_debate(add_task, executor, responder(BASE, revisions), max_rounds=5)
    assert revision_temperatures(run, 1) == pytest.approx([0.4, 0.55, 0.7, 0.85])
    assert revision_temperatures(run, 2) == pytest.approx([0.4, 0.4, 0.55, 0.7])
    assert all(r.temperature == pytest.approx(0.7) for r in requests(run, "propose"))


def test_temperature_schedule_capped(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=5, temperature_step=0.3)
    assert revision_temperatures(run, 1) == pytest.approx([0.4, 0.7, 0.9, 0.9])


def test_temperature_schedule_fixed_when_adaptive_off(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=4, adaptive_temperature=False)
    assert revision_temperatures(run, 1) == pytest.approx([0.4, 0.4, 0.4])


MARKED = {n: ADD[k].replace("def add", f"# written by agent {n}\ndef add") for n, k in ((1, 1), (2, 3), (3, 2))}


def test_best_only_visibility(add_task, executor):
    """Agent 1 sees only the best other solution (Agent 2's), not Agent 3's."""
    run = run_debate(add_task, executor, responder(MARKED), max_rounds=2)
    text = prompt_text(requests(run, "revise", 1, 2)[0])
    assert "# written by agent 2" in text and "# written by agent 3" not in text
    assert "# written by agent 1" in text  # its own best


def test_show_all_visibility(add_task, executor):
    run = run_debate(add_task, executor, responder(MARKED), max_rounds=2, show_all_solutions=True)
    text = prompt_text(requests(run, "revise", 1, 2)[0])
    assert "# written by agent 2" in text and "# written by agent 3" in text


BUGGY = "### Agent {a}\nBUGS:\n1. test_add_negative: first bug " + "x" * 80 + "\n2. `return 0`: second\n" \
        "3. line 2: third\n4. test_add_mixed: fourth bug\n"


def critic(request) -> str:
    _, number, _, _ = meta(request)
    targets = [n for n in (1, 2, 3) if n != number]
    return "\n".join(BUGGY.format(a=a) for a in targets)


def with_critic(request):
    return critic(request) if meta(request)[0] == "critique" else responder(BASE)(request)


def test_critique_history_in_later_revisions(add_task, executor):
    run = run_debate(add_task, executor, with_critic, max_rounds=3)
    round2 = prompt_text(requests(run, "revise", 1, 2)[0])
    round3 = prompt_text(requests(run, "revise", 1, 3)[0])
    assert "Bugs reported in earlier rounds" not in round2  # nothing earlier yet
    history = round3.split("Bugs reported in earlier rounds:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(history) == 2 * 3  # two critics of agent 1, first 3 bugs each
    assert all("fourth bug" not in h for h in history)
    assert max(len(h.split(": ", 1)[1]) for h in history) == 60
    assert "x" * 80 in round3  # this round's critiques are shown whole


def test_critique_history_off(add_task, executor):
    run = run_debate(add_task, executor, with_critic, max_rounds=3, critique_history=False)
    assert "Bugs reported in earlier rounds" not in prompt_text(requests(run, "revise", 1, 3)[0])


def test_bugs_are_counted_and_grounded(add_task, executor):
    run = run_debate(add_task, executor, with_critic, max_rounds=2)
    crits = run.state.rounds[1].critiques
    assert len(crits) == 6 and all(len(c.bugs) == 4 for c in crits)
    target1 = [c for c in crits if c.target_id == run.state.agents[0].id]
    # test_add_mixed passes for agent 1 (ADD[3]) so "test_add_mixed: fourth bug" is not grounded by a test
    assert [b.grounded for b in target1[0].bugs] == [True, False, True, False]


def test_revision_strategy_diverse_gives_different_focus(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=2, revision_strategy="diverse")
    texts = [prompt_text(requests(run, "revise", n, 2)[0]) for n in (1, 2, 3)]
    assert "Focus on correctness" in texts[0] and "Focus on edge cases" in texts[1]
    assert "Focus on simplicity" in texts[2]
    roles = {s.agent_id: run.state.agent(s.agent_id).focus for s in run.state.rounds[1].solutions.values()}
    assert sorted(roles.values()) == ["correctness", "edge_cases", "simplicity"]


def test_revision_strategy_uniform_same_focus(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=2)
    texts = [prompt_text(requests(run, "revise", n, 2)[0]) for n in (1, 2, 3)]
    assert all("Focus on" not in t and "Fix the bugs found" in t for t in texts)


def test_critique_prompt_shows_per_test_results(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=2)
    text = prompt_text(requests(run, "critique", 2, 2)[0])
    assert "test_add_negative: FAILED" in text and "test_add_small: PASSED" in text
    assert "BUGS:" in text


def test_vote_prompt_shows_pass_rates(add_task, executor):
    run = run_debate(add_task, executor, responder(BASE), max_rounds=2)
    text = prompt_text(requests(run, "vote", 1, 2)[0])
    assert "Agent 1: passes 3/4 tests (75%)" in text and "Agent 3: passes 1/4 tests (25%)" in text
