"""The voting rule: parse VOTE / CONFIDENCE / REASONING replies, weight them, find consensus.

A vote names a proposer ("Agent 2"); self-votes and unknown targets become ABSTAIN. A vote's
weight is its confidence x ``all_pass_weight`` when the chosen solution passes every visible test
x (1 + (pylint_weight_max - 1) * pylint / 10). Consensus needs the winner to hold at least
``consensus_threshold`` of the weighted vote, at least ``min_votes`` votes, and a visible pass
rate of at least ``min_consensus_pass_rate``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

DEFAULT_CONFIDENCE = 0.5
_WORD_CONFIDENCE = {"very high": 0.95, "high": 0.85, "medium": 0.6, "moderate": 0.6, "low": 0.3, "very low": 0.15}
_NOISE = re.compile(r"[*_`#>]+")
_LABEL = r"^[\s\-]*{label}\s*[:=\-]?\s*(.*)$"


@dataclass(frozen=True)
class Vote:
    """One parsed vote; ``choice`` is the chosen agent's number (1-based) or None for ABSTAIN."""

    voter: str
    choice: int | None
    confidence: float
    reasoning: str = ""
    abstain_reason: str = ""  # "", "self_vote", "explicit", "unparsable", "unknown_agent"

    @property
    def abstained(self) -> bool:
        return self.choice is None


@dataclass(frozen=True)
class Candidate:
    """What the rule knows of a solution up for vote."""

    number: int  # the agent's 1-based number, as shown in prompts
    pass_rate: float
    all_passed: bool
    pylint_score: float | None = None


@dataclass(frozen=True)
class VoteOutcome:
    """Result of a tally: the winner, its share of the weighted vote and whether it is consensus."""

    winner: int | None
    ratio: float
    votes_for_winner: int
    valid_votes: int
    weights: dict[int, float] = field(default_factory=dict)
    consensus: bool = False
    reason: str = ""  # why there is (no) consensus


@dataclass(frozen=True)
class VotingRule:
    """Weighted voting with the thesis's thresholds (all taken from settings)."""

    consensus_threshold: float = 0.6
    min_votes: int = 2
    min_consensus_pass_rate: float = 0.5
    all_pass_weight: float = 1.5
    pylint_weight_max: float = 1.2

    @classmethod
    def from_settings(cls, settings) -> "VotingRule":
        return cls(
            consensus_threshold=settings.consensus_threshold,
            min_votes=settings.min_votes,
            min_consensus_pass_rate=settings.min_consensus_pass_rate,
            all_pass_weight=settings.all_pass_weight,
            pylint_weight_max=settings.pylint_weight_max,
        )

    def weight(self, vote: Vote, candidate: Candidate) -> float:
        """Confidence scaled up for an all-pass solution and for its Pylint score."""
        w = vote.confidence
        if candidate.all_passed:
            w *= self.all_pass_weight
        if candidate.pylint_score is not None:
            score = min(max(candidate.pylint_score, 0.0), 10.0)
            w *= 1.0 + (self.pylint_weight_max - 1.0) * score / 10.0
        return w

    def tally(self, votes: Sequence[Vote], candidates: Sequence[Candidate]) -> VoteOutcome:
        """Weigh the valid votes and decide consensus."""
        by_number = {c.number: c for c in candidates}
        weights: dict[int, float] = {c.number: 0.0 for c in candidates}
        counts: dict[int, int] = {c.number: 0 for c in candidates}
        valid = [v for v in votes if v.choice is not None and v.choice in by_number]
        for v in valid:
            weights[v.choice] += self.weight(v, by_number[v.choice])
            counts[v.choice] += 1
        total = sum(weights.values())
        if not valid or total <= 0:
            return VoteOutcome(None, 0.0, 0, len(valid), weights, False, "no valid votes")
        winner = max(
            weights,
            key=lambda n: (weights[n], counts[n], by_number[n].pass_rate, -n),
        )
        ratio = weights[winner] / total
        reason = ""
        if ratio < self.consensus_threshold:
            reason = f"winner holds {ratio:.0%} of the weighted vote (< {self.consensus_threshold:.0%})"
        elif counts[winner] < self.min_votes:
            reason = f"winner has {counts[winner]} vote(s) (< {self.min_votes})"
        elif by_number[winner].pass_rate < self.min_consensus_pass_rate:
            reason = f"winner passes {by_number[winner].pass_rate:.0%} of tests (< {self.min_consensus_pass_rate:.0%})"
        return VoteOutcome(winner, ratio, counts[winner], len(valid), weights, not reason, reason or "consensus")


def _clean(text: str) -> str:
    return _NOISE.sub("", text)


def _field(text: str, label: str) -> str | None:
    m = re.search(_LABEL.format(label=label), text, re.IGNORECASE | re.MULTILINE)
    return m.group(1).strip() if m else None


def parse_confidence(raw: str | None) -> float:
    """0.8, 80%, 8/10, 8 (out of 10), 80 (out of 100) or words like 'high' -> a value in [0, 1]."""
    if not raw:
        return DEFAULT_CONFIDENCE
    text = raw.strip().lower()
    m = re.search(r"(\d+(?:\.\d+)?)\s*(%|/\s*(\d+(?:\.\d+)?))?", text)
    if not m:
        for word in sorted(_WORD_CONFIDENCE, key=len, reverse=True):
            if word in text:
                return _WORD_CONFIDENCE[word]
        return DEFAULT_CONFIDENCE
    value = float(m.group(1))
    if m.group(2) == "%":
        value /= 100.0
    elif m.group(3):
        denom = float(m.group(3))
        value = value / denom if denom > 0 else DEFAULT_CONFIDENCE
    elif value > 10:
        value /= 100.0
    elif value > 1:
        value /= 10.0
    return min(max(value, 0.0), 1.0)


def parse_choice(raw: str | None) -> int | None | str:
    """The agent number a VOTE line names, None for no number, or "abstain"."""
    if raw is None:
        return None
    text = raw.strip().lower()
    if text.startswith("abstain") or text.startswith("none"):
        return "abstain"
    m = re.search(r"(?:agent|solution|candidate|proposer)?[\s_\-#]*(\d+)", text)
    return int(m.group(1)) if m else None


def parse_vote(reply: str, voter: str, voter_number: int | None, numbers: Sequence[int]) -> Vote:
    """Parse a vote reply. voter_number is the voter's own agent number (None for a judge)."""
    text = _clean(reply)
    raw_choice = _field(text, "vote")
    if raw_choice is None:  # e.g. "I vote for Agent 2"
        m = re.search(r"vote\s+(?:for\s+)?(agent[\s_\-]*\d+)", text, re.IGNORECASE)
        raw_choice = m.group(1) if m else None
    confidence = parse_confidence(_field(text, "confidence"))
    reasoning = _field(text, "reasoning") or ""
    choice = parse_choice(raw_choice)
    if choice == "abstain":
        return Vote(voter, None, confidence, reasoning, "explicit")
    if choice is None:
        return Vote(voter, None, confidence, reasoning, "unparsable")
    if voter_number is not None and choice == voter_number:
        return Vote(voter, None, confidence, reasoning, "self_vote")
    if choice not in numbers:
        return Vote(voter, None, confidence, reasoning, "unknown_agent")
    return Vote(voter, choice, confidence, reasoning)
