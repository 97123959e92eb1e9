"""Every prompt the protocols send, in one place.

Builders return message lists; they see a task's *visible* tests only (``task.tests``) — hidden
tests never reach this module. Solutions appear as "Agent k" with per-test PASSED/FAILED lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from codedebate.backends.base import Message
from codedebate.executor.results import ExecutionResult
from codedebate.tasks import Task, kind_of

SYSTEM = {
    "proposer": (
        "You are an expert Python programmer taking part in a code review debate. "
        "You write correct, complete, runnable Python code. Always put code in one ```python block."
    ),
    "solo": "You are an expert Python programmer. Always put code in one ```python block.",
    "judge": (
        "You are a strict, impartial judge of Python code. You never write solutions; you find real "
        "bugs and vote for the best solution."
    ),
}

#: Revision focus per agent under revision_strategy "diverse" (cycled over agents).
FOCUSES = (
    ("correctness", "Focus on correctness: make every failing test pass and keep the passing ones passing."),
    ("edge_cases", "Focus on edge cases: empty inputs, boundaries, duplicates, negative and large values."),
    ("simplicity", "Focus on simplicity: a clear, simple, robust implementation with no dead code."),
)
UNIFORM_FOCUS = "Fix the bugs found, keep everything that already works, and make all tests pass."

BUGS_FORMAT = """For each solution write a section exactly like this:
### Agent <number>
BUGS:
1. <failing test name or `code line`>: <what is wrong and how to fix it>
2. ...
Ground every bug in a failing test name or a quoted code line. A passing test is not a bug. If a
solution has no bugs, write
BUGS: none"""

VOTE_FORMAT = """Answer in exactly this format:
VOTE: Agent <number>
CONFIDENCE: <a number from 0.0 to 1.0>
REASONING: <one or two sentences>"""


@dataclass(frozen=True)
class Shown:
    """A solution as shown to another agent: its label, files and visible-test result."""

    number: int
    files: dict[str, str]
    result: ExecutionResult

    @property
    def label(self) -> str:
        return f"Agent {self.number}"


def format_task(task: Task) -> str:
    """The task as agents see it (its kind renders it: description, signature, visible tests, ...)."""
    return kind_of(task).render(task)


def format_results(result: ExecutionResult, limit: int = 200) -> str:
    """Per-test PASSED/FAILED lines (with the failure message, cut to ``limit`` chars)."""
    lines = [f"Tests passed: {result.passed}/{result.total}"]
    for t in result.tests:
        verdict = "PASSED" if t.passed else "FAILED"
        msg = " ".join(t.message.split())[:limit]
        lines.append(f"- {t.name}: {verdict}" + (f" ({msg})" if msg and not t.passed else ""))
    if result.error:
        lines.append("Run error: " + " ".join(result.error.split())[:limit])
    return "\n".join(lines)


def format_files(files: dict[str, str]) -> str:
    if list(files) == ["solution.py"]:
        return "```python\n" + files["solution.py"].rstrip() + "\n```"
    return "\n\n".join(f"File {name}:\n```python\n{src.rstrip()}\n```" for name, src in files.items())


def format_shown(sol: Shown) -> str:
    return f"## {sol.label}\n{format_files(sol.files)}\n{format_results(sol.result)}"


def _file_instruction(file_name: str | None, written: dict[str, str]) -> str:
    if file_name is None:
        return "Write the complete solution in one ```python block."
    done = "\n\n".join(f"File {n} (already written):\n```python\n{s.rstrip()}\n```" for n, s in written.items())
    head = (done + "\n\n") if done else ""
    return head + f"Now write only the file {file_name}, complete, in one ```python block."


def _messages(role: str, user: str) -> list[Message]:
    return [Message("system", SYSTEM[role]), Message("user", user)]


def proposal_messages(task: Task, role: str = "proposer", file_name: str | None = None,
                      written: dict[str, str] | None = None) -> list[Message]:
    """Round 1: write a solution (or, for multi-file tasks, one file of it)."""
    user = format_task(task) + "\n\n" + _file_instruction(file_name, written or {})
    return _messages(role, user)


def critique_messages(task: Task, critic_label: str, targets: Sequence[Shown], role: str) -> list[Message]:
    """Critique: list the bugs of every other solution, grounded in failing tests or code lines."""
    shown = "\n\n".join(format_shown(t) for t in targets)
    sections = ", ".join(t.label for t in targets)
    user = (
        f"{format_task(task)}\n\nYou are {critic_label}. Review these solutions and their test results:\n\n"
        f"{shown}\n\n{BUGS_FORMAT}\nWrite one section for each of: {sections}."
    )
    return _messages(role, user)


def revision_messages(
    task: Task,
    own: Shown,
    others: Sequence[Shown],
    critiques: Sequence[tuple[str, list[str]]],
    history: Sequence[str],
    focus: str,
    file_name: str | None = None,
    written: dict[str, str] | None = None,
) -> list[Message]:
    """Revision: improve your best solution using the critiques and the best other solution(s)."""
    parts = [format_task(task), f"You are {own.label}. Your best solution so far:\n{format_files(own.files)}",
             format_results(own.result)]
    if critiques:
        crit = "\n".join(f"From {who}:\n" + "\n".join(f"- {b}" for b in bugs) for who, bugs in critiques)
        parts.append("Critiques of your solution this round:\n" + crit)
    if history:
        parts.append("Bugs reported in earlier rounds:\n" + "\n".join(f"- {h}" for h in history))
    if others:
        title = "Other solutions" if len(others) > 1 else "The best other solution"
        parts.append(title + ":\n\n" + "\n\n".join(format_shown(o) for o in others))
    parts.append(focus + " Return the complete revised code, not a diff or a skeleton.")
    parts.append(_file_instruction(file_name, written or {}))
    return _messages("proposer", "\n\n".join(parts))


def vote_messages(task: Task, voter_label: str, candidates: Sequence[Shown], role: str,
                  own_number: int | None) -> list[Message]:
    """Vote: pick the best solution of another agent; pass rates are shown."""
    rows = "\n".join(f"- {c.label}: passes {c.result.passed}/{c.result.total} tests ({c.result.pass_rate:.0%})"
                     for c in candidates)
    rule = f"You may not vote for your own solution (Agent {own_number}). " if own_number else ""
    shown = "\n\n".join(format_shown(c) for c in candidates)
    user = (
        f"{format_task(task)}\n\nYou are {voter_label}. The solutions:\n\n{shown}\n\nPass rates:\n{rows}\n\n"
        f"Vote for the solution most likely to be fully correct. {rule}\n{VOTE_FORMAT}"
    )
    return _messages(role, user)
