"""Reading a star judge's reply: the consensus line, per-agent evaluations, Olympiad verdicts."""

from __future__ import annotations

import re
from dataclasses import dataclass

from codedebate.executor.results import ExecutionResult

from .prompts import LETTERS, consensus_line

_HEADING = re.compile(r"^[\s#*>_-]*(?:evaluation\s+of\s+agent\s+([A-Z])|overall\s+assessment)\b[\s*_:.-]*(.*)$",
                      re.IGNORECASE | re.MULTILINE)
_FIELD = re.compile(r"^[\s*_-]*(VERDICT|FIRST\s+FATAL\s+ERROR|REASON)[\s*_]*:[\s*_]*(.*)$",
                    re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class Verdict:
    """An Olympiad verdict on one answer: ACCEPTED / REJECTED ('' when the judge gave none)."""

    verdict: str
    fatal_error: str = ""
    reason: str = ""

    @property
    def rejected(self) -> bool:
        return self.verdict == "REJECTED"


@dataclass(frozen=True)
class JudgeReply:
    """A parsed judge reply: consensus, or one evaluation text per agent label."""

    consensus: bool
    evaluations: dict[str, str]  # label "A" -> the section the agent sees
    overall: str = ""

    def missing(self, n_agents: int) -> list[str]:
        return [LETTERS[i] for i in range(n_agents) if not self.evaluations.get(LETTERS[i], "").strip()]


def has_consensus(text: str, n_agents: int) -> bool:
    """True when a line of the reply is exactly the consensus line for n agents (spaces, ** ignored)."""
    want = consensus_line(n_agents)
    return any(line.strip().strip("*").strip() == want for line in text.splitlines())


def parse_judge(text: str, n_agents: int) -> JudgeReply:
    """Split the reply at 'Evaluation of Agent X' / 'Overall Assessment' headings.

    A reply with both the consensus line and evaluations that reject someone is not consensus.
    """
    evaluations: dict[str, str] = {}
    overall = ""
    marks = list(_HEADING.finditer(text))
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = (m.group(2) + "\n" + text[m.end():end]).strip()
        if m.group(1):
            key = m.group(1).upper()
            evaluations[key] = (evaluations.get(key, "") + "\n" + body).strip()
        else:
            overall = body
    consensus = has_consensus(text, n_agents) and not any(
        parse_verdict(e).rejected for e in evaluations.values())
    return JudgeReply(consensus, evaluations, overall)


def parse_verdict(section: str) -> Verdict:
    """The VERDICT / FIRST FATAL ERROR / REASON fields of one Olympiad section."""
    fields: dict[str, str] = {}
    for m in _FIELD.finditer(section):
        name = " ".join(m.group(1).upper().split())
        fields.setdefault(name, m.group(2).strip().strip("*").strip())
    raw = fields.get("VERDICT", "").upper()
    verdict = "REJECTED" if raw.startswith("REJECT") else "ACCEPTED" if raw.startswith("ACCEPT") else ""
    return Verdict(verdict, fields.get("FIRST FATAL ERROR", ""), fields.get("REASON", ""))


def points_at_failure(text: str, result: ExecutionResult) -> bool:
    """Whether a fatal error names a failing visible test, or quotes the first line of its message."""
    lowered = text.lower()
    for t in result.tests:
        if t.passed:
            continue
        short = t.name.rsplit("::", 1)[-1].lower()
        first = t.message.strip().splitlines()[0].strip().lower() if t.message.strip() else ""
        if short in lowered or (len(first) >= 8 and first in lowered):
            return True
    return False
