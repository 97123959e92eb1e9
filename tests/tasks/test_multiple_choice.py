"""Answer extraction of the multiple_choice kind, including the Olympiad reply format, and the
CI question set tasks_mc/."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from codedebate.tasks import kind_of, load_tasks
from codedebate.tasks.multiple_choice import extract_letter

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("reply, letter", [
    ("Between (A) and (C), I pick (C).", "C"),
    ("## Final Answer\n(B)", "B"),
    ("(A) is tempting. The correct answer is \\(\\boxed{C}\\).", "C"),
    ("**Final Answer:** **D**", "D"),
    ("the answer is a prime number, so the answer is B", "B"),
    ("the answer is a prime number", ""),  # 'a' mid-sentence is an article, not a letter
    ("final answer: d.", "D"),
    ("(Z) is not among the letters", ""),
    ("Answer: E", ""),  # E is not one of four choices
    ("", ""),
])
def test_extraction_cases(reply: str, letter: str) -> None:
    assert extract_letter(reply, "ABCD") == letter


def test_parentheses_win_over_a_later_answer_line() -> None:
    assert extract_letter("So (B).\nAnswer: C is tempting", "ABCD") == "B"


def test_the_ci_set_loads_and_each_gold_letter_scores_correct() -> None:
    tasks = load_tasks(ROOT / "tasks_mc")
    assert len(tasks) == 20 and len({t.subject for t in tasks}) == 5
    for task in tasks:
        kind = kind_of(task)
        assert asyncio.run(kind.score(task, kind.extract(task, f"so ({task.answer})"), scorer=None)).all_passed
        wrong = next(letter for letter in task.letters if letter != task.answer)
        assert not asyncio.run(kind.score(task, wrong, scorer=None)).all_passed
