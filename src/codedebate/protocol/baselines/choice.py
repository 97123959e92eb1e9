"""Recording a sampling protocol's choice: each compared sample votes for the first member of its
behaviour group; the round's vote outcome names the answer (read back by ``sampling.chosen``)."""

from __future__ import annotations

from collections.abc import Sequence

from codedebate.protocol.voting import Vote, VoteOutcome

from ..state import DebateState, Solution


def record_choice(state: DebateState, compared: Sequence[Solution], groups: Sequence[Sequence[int]],
                  winner: Sequence[int], total: int, reason: str) -> None:
    """Votes of the ``compared`` samples (grouped by index) and the outcome: the first member of
    the ``winner`` group, its share of the ``total`` samples drawn."""
    number = {id(s): state.agent(s.agent_id).number for s in compared}
    votes = []
    for group in groups:
        rep = number[id(compared[group[0]])]
        votes.extend(Vote(compared[i].agent_id, rep, 1.0, f"behaviour group of sample {rep} ({len(group)})")
                     for i in group)
    state.current.votes = sorted(votes, key=lambda v: state.agent(v.voter).number)
    state.current.vote_outcome = VoteOutcome(
        winner=number[id(compared[winner[0]])], ratio=len(winner) / total, votes_for_winner=len(winner),
        valid_votes=len(compared), reason=reason)
