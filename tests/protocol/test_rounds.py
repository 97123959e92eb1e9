"""Round structure and stop rules, driven end to end with the scripted backend and real executor."""

from __future__ import annotations

from .helpers import ADD, responder, run_debate

AGREE = {1: "VOTE: Agent 2\nCONFIDENCE: 0.9\nREASONING: fewest failures", 3: "**Vote:** agent_2\nConfidence: 90%"}


def phases(run) -> list[tuple[int, str]]:
    return sorted({(r.meta["round"], r.meta["phase"]) for r in run.requests})


def test_early_stop_on_perfect_round_one(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[2], 2: ADD[4], 3: ADD[1]}))
    assert run.state.stop_reason == "early_stop"
    assert len(run.state.rounds) == 1
    assert phases(run) == [(1, "propose")]
    assert run.state.final.agent_id.startswith("agent_2")


def test_early_stop_disabled_goes_on_to_round_two(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[2], 2: ADD[4], 3: ADD[1]}),
                     early_stop_on_perfect=False, max_rounds=2)
    assert len(run.state.rounds) == 2
    assert (2, "critique") in phases(run) and (2, "revise") in phases(run) and (2, "vote") in phases(run)


def test_max_rounds_stops_without_consensus(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[2], 2: ADD[3], 3: ADD[1]}), max_rounds=3)
    assert run.state.stop_reason == "max_rounds"
    assert [r.number for r in run.state.rounds] == [1, 2, 3]
    assert all(not r.vote_outcome.consensus for r in run.state.rounds[1:])


def test_consensus_stops_debate(add_task, executor):
    run = run_debate(add_task, executor, responder({1: ADD[2], 2: ADD[3], 3: ADD[1]}, votes=AGREE), max_rounds=4)
    assert run.state.stop_reason == "consensus"
    assert len(run.state.rounds) == 2
    outcome = run.state.rounds[1].vote_outcome
    assert outcome.winner == 2 and outcome.votes_for_winner == 2 and outcome.ratio == 1.0


def test_consensus_needs_min_pass_rate(add_task, executor):
    """Everyone agrees on Agent 2, but it passes only 25% < 50% of tests: no consensus."""
    run = run_debate(add_task, executor, responder({1: ADD[2], 2: ADD[1], 3: ADD[1]}, votes=AGREE), max_rounds=2)
    assert run.state.stop_reason == "max_rounds"
    assert "tests" in run.state.rounds[1].vote_outcome.reason


def test_round_one_proposals_run_concurrently(add_task, executor):
    """All proposers are asked before any of them answers (asyncio.gather over agents)."""
    import asyncio

    from codedebate.backends.scripted import ScriptedBackend
    from codedebate.protocol import DebateSettings, RunContext, get_protocol, run_protocol

    started, answer = [], responder({1: ADD[2], 2: ADD[4], 3: ADD[1]})

    class Slow(ScriptedBackend):
        async def chat(self, request):
            started.append(request.meta["agent"])
            await asyncio.sleep(0.05)
            assert len(started) == 3, "a proposer answered before all were asked"
            return await super().chat(request)

    s = DebateSettings().replace(agents=["a", "b", "c"])
    backends = {m: Slow(answer, name=m) for m in s.agents}
    asyncio.run(run_protocol(get_protocol(s), add_task, s, backends.__getitem__, RunContext(executor)))
    assert sorted(started) == ["agent_1", "agent_2", "agent_3"]
