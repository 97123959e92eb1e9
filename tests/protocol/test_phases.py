"""Each phase on its own: given a state, what one phase adds to it."""

from __future__ import annotations

import asyncio

import pytest

from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, RunContext
from codedebate.protocol.debate import cast_debate
from codedebate.protocol.phases import CritiquePhase, ProposePhase, RevisePhase, VotePhase
from codedebate.protocol.state import DebateState, Round
from codedebate.protocol.voting import VotingRule

from .helpers import ADD, responder

PROPOSALS = {1: ADD[3], 2: ADD[2], 3: ADD[1]}


def fresh_state(task, answer, judge: str | None = None) -> tuple[DebateState, dict]:
    settings = DebateSettings(agents=["m1", "m2", "m3"], judge=judge)
    backends: dict[str, ScriptedBackend] = {}
    agents, judge_agent = cast_debate(settings, lambda m: backends.setdefault(m, ScriptedBackend(answer, name=m)))
    state = DebateState(task=task, settings=settings, agents=agents, judge=judge_agent)
    return state, backends


def run_phase(phase, state, ctx, round_no):
    if not state.rounds or state.current.number != round_no:
        state.rounds.append(Round(round_no))
    asyncio.run(phase.run(state, ctx))


def after_round_one(task, executor, answer, judge=None):
    state, backends = fresh_state(task, answer, judge)
    ctx = RunContext(executor)
    run_phase(ProposePhase(), state, ctx, 1)
    return state, ctx, backends


def test_propose_phase_adds_one_tested_solution_per_proposer(add_task, executor):
    state, _, backends = after_round_one(add_task, executor, responder(PROPOSALS), judge="j")
    sols = state.rounds[0].solutions
    assert [sols[a.id].passed for a in state.agents] == [3, 2, 1]
    assert state.best == sols and state.stagnation == {a.id: 0 for a in state.agents}
    assert backends["j"].requests == [] and len(state.calls) == 3


def test_critique_phase_pairs_every_critic_with_every_other_proposer(add_task, executor):
    state, ctx, _ = after_round_one(add_task, executor, responder(PROPOSALS, critique="BUGS:\n1. test_add_negative: x"),
                                    judge="j")
    run_phase(CritiquePhase(), state, ctx, 2)
    pairs = sorted((c.critic_id[:7], c.target_id[:7]) for c in state.current.critiques)
    assert pairs == sorted([("agent_1", "agent_2"), ("agent_1", "agent_3"), ("agent_2", "agent_1"),
                            ("agent_2", "agent_3"), ("agent_3", "agent_1"), ("agent_3", "agent_2"),
                            ("judge_j", "agent_1"), ("judge_j", "agent_2"), ("judge_j", "agent_3")])
    assert state.current.solutions == {}  # critique writes no code


def test_revise_phase_updates_best_and_stagnation(add_task, executor):
    state, ctx, _ = after_round_one(add_task, executor, responder(PROPOSALS, {(2, 2): ADD[4], (3, 2): ADD[1]}))
    run_phase(RevisePhase(), state, ctx, 2)
    ids = [a.id for a in state.agents]
    assert state.best[ids[1]].round == 2 and state.best[ids[1]].all_passed
    assert [state.stagnation[i] for i in ids] == [1, 0, 1]
    assert all(r.temperature == 0.4 for r in state.rounds[1].solutions.values())


def test_vote_phase_tallies_with_the_rule(add_task, executor):
    votes = {1: "VOTE: Agent 2\nCONFIDENCE: 1", 2: "VOTE: Agent 1\nCONFIDENCE: 1", 3: "VOTE: Agent 1\nCONFIDENCE: 1"}
    state, ctx, _ = after_round_one(add_task, executor, responder(PROPOSALS, votes=votes))
    run_phase(VotePhase(VotingRule()), state, ctx, 2)
    outcome = state.current.vote_outcome
    assert outcome.winner == 1 and outcome.votes_for_winner == 2 and outcome.consensus
    assert outcome.ratio == pytest.approx(2 / 3)
    pylint = {a.number: state.best[a.id].result.pylint_score for a in state.agents}
    assert outcome.weights[1] == pytest.approx(2 * (1 + 0.2 * pylint[1] / 10))  # two votes at confidence 1
    assert [v.abstained for v in state.current.votes] == [False, False, False]
