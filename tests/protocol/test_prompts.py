"""Prompts: what agents see (visible tests, per-test results, formats) and never see (hidden tests)."""

from __future__ import annotations

from pathlib import Path

from codedebate.protocol import prompts
from codedebate.executor.results import ExecutionResult, Outcome
from codedebate.executor.results import TestResult as Verdict
from codedebate.tasks import load_task

DATA = Path(__file__).parent / "data"
TASK = load_task(DATA / "add_easy.json")
MULTI = load_task(DATA / "pair_multi.json")
RESULT = ExecutionResult((Verdict("test_add_small", Outcome.PASSED),
                          Verdict("test_add_zero", Outcome.FAILED, "assert 1 == 0\n  where 1 = add(0, 0)")), True)
SHOWN = prompts.Shown(2, {"solution.py": "def add(a, b):\n    return 1\n"}, RESULT)


def all_text(messages) -> str:
    return "\n".join(m.content for m in messages)


def every_prompt() -> list[str]:
    return [
        all_text(prompts.proposal_messages(TASK)),
        all_text(prompts.critique_messages(TASK, "Agent 1", [SHOWN], "proposer")),
        all_text(prompts.revision_messages(TASK, SHOWN, [SHOWN], [("Agent 1", ["bug"])], ["old"], "focus")),
        all_text(prompts.vote_messages(TASK, "Agent 1", [SHOWN], "proposer", 1)),
    ]


def test_visible_tests_shown_hidden_never():
    for text in every_prompt():
        assert "def test_add_negative" in text
        assert all(t.name not in text for t in TASK.hidden_tests)


def test_results_are_per_test_passed_failed():
    text = prompts.format_results(RESULT)
    assert text.splitlines() == ["Tests passed: 1/2", "- test_add_small: PASSED",
                                 "- test_add_zero: FAILED (assert 1 == 0 where 1 = add(0, 0))"]


def test_critique_prompt_asks_for_grounded_bug_list():
    text = every_prompt()[1]
    assert "BUGS:" in text and "failing test name" in text and "## Agent 2" in text
    assert text.rstrip().endswith("Write one section for each of: Agent 2.")


def test_vote_prompt_has_format_pass_rates_and_self_vote_rule():
    text = every_prompt()[3]
    assert "VOTE: Agent <number>" in text and "CONFIDENCE:" in text and "REASONING:" in text
    assert "Agent 2: passes 1/2 tests (50%)" in text and "not vote for your own solution (Agent 1)" in text


def test_judge_vote_has_no_self_vote_rule():
    text = all_text(prompts.vote_messages(TASK, "the judge", [SHOWN], "judge", None))
    assert "your own solution" not in text and "judge" in text.lower()


def test_multi_file_prompt_names_the_file_and_shows_written_ones():
    first = all_text(prompts.proposal_messages(MULTI, file_name="counter.py", written={}))
    second = all_text(prompts.proposal_messages(MULTI, file_name="report.py", written={"counter.py": "X = 1\n"}))
    assert "Now write only the file counter.py" in first and "already written" not in first
    assert "File counter.py (already written)" in second and "X = 1" in second
    assert "from counter import count_words" in first  # test imports shown
