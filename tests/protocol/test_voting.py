"""The voting rule: tolerant parsing, abstentions, weights, consensus thresholds."""

from __future__ import annotations

import pytest

from codedebate.protocol.voting import Candidate, Vote, VotingRule, parse_confidence, parse_vote

NUMBERS = [1, 2, 3]


@pytest.mark.parametrize("reply,choice", [
    ("VOTE: Agent 2\nCONFIDENCE: 0.8\nREASONING: fine", 2),
    ("**VOTE:** Agent 2", 2),
    ("vote: agent_2", 2),
    ("Vote - agent 3", 3),
    ("## VOTE: 3", 3),
    ("VOTE: agent_2_qwen2.5-coder-0.5b", 2),
    ("After reading them all, I vote for Agent 3.", 3),
    ("* **Vote**: `Agent 2` (the cleanest)", 2),
])
def test_parse_vote_tolerates_formatting_noise(reply, choice):
    assert parse_vote(reply, "agent_1", 1, NUMBERS).choice == choice


@pytest.mark.parametrize("raw,value", [
    ("0.8", 0.8), ("80%", 0.8), ("8/10", 0.8), ("8", 0.8), ("80", 0.8), ("1", 1.0),
    ("**0.9**", 0.9), ("high", 0.85), (None, 0.5), ("12/10", 1.0),
])
def test_parse_confidence(raw, value):
    assert parse_confidence(raw) == pytest.approx(value)


def test_abstain_on_self_vote():
    v = parse_vote("VOTE: Agent 1\nCONFIDENCE: 0.9", "agent_1", 1, NUMBERS)
    assert v.abstained and v.abstain_reason == "self_vote"


def test_abstain_explicit_unparsable_and_unknown_agent():
    assert parse_vote("VOTE: ABSTAIN", "agent_1", 1, NUMBERS).abstain_reason == "explicit"
    assert parse_vote("I like them all", "agent_1", 1, NUMBERS).abstain_reason == "unparsable"
    assert parse_vote("VOTE: Agent 7", "agent_1", 1, NUMBERS).abstain_reason == "unknown_agent"


def test_judge_can_vote_for_anyone():
    assert parse_vote("VOTE: Agent 1", "judge", None, NUMBERS).choice == 1


def test_vote_weights():
    rule = VotingRule()
    vote = Vote("agent_1", 2, 0.8)
    assert rule.weight(vote, Candidate(2, 0.5, False)) == pytest.approx(0.8)
    assert rule.weight(vote, Candidate(2, 1.0, True)) == pytest.approx(0.8 * 1.5)
    assert rule.weight(vote, Candidate(2, 1.0, True, pylint_score=10.0)) == pytest.approx(0.8 * 1.5 * 1.2)
    assert rule.weight(vote, Candidate(2, 0.5, False, pylint_score=5.0)) == pytest.approx(0.8 * 1.1)
    assert rule.weight(vote, Candidate(2, 0.5, False, pylint_score=0.0)) == pytest.approx(0.8)


CANDS = [Candidate(1, 0.75, False), Candidate(2, 1.0, True), Candidate(3, 0.25, False)]


def test_consensus_at_threshold_of_weighted_vote():
    rule = VotingRule()
    votes = [Vote("agent_1", 2, 1.0), Vote("agent_3", 2, 1.0), Vote("agent_2", 1, 1.0)]
    out = rule.tally(votes, CANDS)
    assert out.winner == 2 and out.ratio == pytest.approx(3.0 / 4.0) and out.consensus
    assert not VotingRule(consensus_threshold=0.8).tally(votes, CANDS).consensus


def test_consensus_needs_min_votes():
    rule = VotingRule()
    out = rule.tally([Vote("agent_1", 2, 1.0), Vote("agent_2", None, 1.0), Vote("agent_3", None, 1.0)], CANDS)
    assert out.winner == 2 and out.ratio == 1.0 and not out.consensus and "1 vote" in out.reason
    assert VotingRule(min_votes=1).tally([Vote("agent_1", 2, 1.0)], CANDS).consensus


def test_consensus_needs_min_pass_rate():
    votes = [Vote("agent_1", 3, 1.0), Vote("agent_2", 3, 1.0)]
    out = VotingRule().tally(votes, CANDS)
    assert out.winner == 3 and not out.consensus and "tests" in out.reason
    assert VotingRule(min_consensus_pass_rate=0.2).tally(votes, CANDS).consensus


def test_all_pass_weight_can_decide_the_winner():
    votes = [Vote("agent_3", 1, 1.0), Vote("agent_1", 2, 0.7)]  # 1.0 vs 0.7 x 1.5 = 1.05
    assert VotingRule().tally(votes, CANDS).winner == 2
    assert VotingRule(all_pass_weight=1.0).tally(votes, CANDS).winner == 1


def test_no_valid_votes():
    out = VotingRule().tally([Vote("agent_1", None, 1.0)], CANDS)
    assert out.winner is None and not out.consensus and out.valid_votes == 0
