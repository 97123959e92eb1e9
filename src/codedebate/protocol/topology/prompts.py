"""Prompts of the star and mesh protocols, standard and Olympiad (first-fatal-error) families.

Agents are "Agent A", "Agent B", ... A star agent's prompt holds the task, its own previous reply
and the judge's evaluation of that reply only; a mesh agent's prompt holds every peer's reply.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence

from codedebate.backends.base import Message
from codedebate.tasks import kind_of

LETTERS = string.ascii_uppercase

AGENT_SYSTEM = (
    "You are a careful problem solver in a group of independent solvers. Think step by step, check "
    "your work, and finish with your final answer in the format the task asks for; code goes in "
    "one complete ```python block."
)
JUDGE_SYSTEM = (
    "You are an impartial judge. You read several answers to the same problem and evaluate each one "
    "on its own merits. You never reveal one solver's work to another."
)
OLYMPIAD_JUDGE_SYSTEM = (
    "You are a verifier in the style of an olympiad grader. You only check; you never solve the "
    "problem yourself and never repair a solution."
)

OLYMPIAD_FORMAT = """Write your reply in exactly these four sections, in this order:
## Domain
The field of the problem and the facts, definitions and objects the problem gives.
## Key Reasoning
Numbered steps; each step uses only what the problem gives or what an earlier step established.
## Minimal Generator Check
Check your answer on the smallest concrete instance you can build (for code: trace one visible test by hand).
## Final Answer
The answer in the format the task asks for."""


def label(index: int) -> str:
    """Agent label by 0-based position: A, B, C, ..."""
    return LETTERS[index]


def consensus_line(n_agents: int) -> str:
    """The exact line a judge writes when every answer is correct."""
    if n_agents == 2:
        return "CONSENSUS: Both solutions are correct."
    return f"CONSENSUS: All {n_agents} solutions are correct."


def _task(task: object) -> str:
    return kind_of(task).render(task)


def _agent_messages(user: str, olympiad: bool) -> list[Message]:
    tail = "\n\n" + OLYMPIAD_FORMAT if olympiad else ""
    return [Message("system", AGENT_SYSTEM), Message("user", user + tail)]


def independent_messages(task: object, olympiad: bool) -> list[Message]:
    """The first round: the task alone."""
    return _agent_messages(_task(task), olympiad)


def mesh_messages(task: object, own: str, peers: Mapping[str, str], olympiad: bool) -> list[Message]:
    """A later mesh round: own previous reply plus every peer's (label -> shown answer)."""
    shown = "\n\n".join(f"### {name}\n{text}" for name, text in peers.items())
    user = (f"{_task(task)}\n\n## Your previous answer\n{own}\n\n"
            f"## The other solvers' previous answers\n{shown}\n\n"
            "Weigh their reasoning against yours; they may be wrong, and so may you. Then give your "
            "updated, complete answer.")
    return _agent_messages(user, olympiad)


def star_revision_messages(task: object, own: str, evaluation: str, olympiad: bool) -> list[Message]:
    """A later star round: own previous reply plus the judge's evaluation of it, nothing else."""
    user = (f"{_task(task)}\n\n## Your previous answer\n{own}\n\n"
            f"## The judge's evaluation of your answer\n{evaluation}\n\n"
            "Use the evaluation to check your answer. Keep what is right, fix what is wrong, and give "
            "your updated, complete answer.")
    return _agent_messages(user, olympiad)


def judge_messages(task: object, answers: Sequence[str], olympiad: bool, runs_code: bool) -> list[Message]:
    """The star judge's request: every current answer, labelled, and the output format."""
    n = len(answers)
    shown = "\n\n".join(f"### Agent {label(i)}\n{text}" for i, text in enumerate(answers))
    names = ", ".join(f"Evaluation of Agent {label(i)}" for i in range(n))
    if olympiad:
        code_rule = ("\nFor code, the first fatal error is the first failing visible test (name it) or "
                     "the first line of its traceback." if runs_code else "")
        rules = (
            "Read each answer's steps in order and stop at its FIRST FATAL ERROR: the first logically "
            "essential step that fails because it uses an object or assumption the problem does not "
            "give, makes an unjustified claim or misuses a theorem, or contradicts itself or an earlier "
            "step. Do not read past it, do not guess what the author meant, do not solve or fix."
            + code_rule + "\n\n"
            f"Output: if every answer is correct, only the line\n{consensus_line(n)}\n"
            f"Otherwise one section per agent, headed {names}, each either\n"
            "VERDICT: ACCEPTED\nor\nVERDICT: REJECTED\nFIRST FATAL ERROR: <the step, quoted or named>\n"
            "REASON: <one or two sentences>\n"
            "then a section headed Overall Assessment."
        )
        system = OLYMPIAD_JUDGE_SYSTEM
    else:
        rules = (
            f"Write one section per agent, headed {names}, then a section headed Overall Assessment. "
            "In an agent's section discuss only that agent's answer: whether it is correct, its errors, "
            "and what to re-check. Do not quote or mention the other agents' answers there: each agent "
            "reads only its own section.\n"
            f"If and only if every answer is correct, reply with only the line\n{consensus_line(n)}"
        )
        system = JUDGE_SYSTEM
    user = f"{_task(task)}\n\n## The answers\n{shown}\n\n## Your task\n{rules}"
    return [Message("system", system), Message("user", user)]
