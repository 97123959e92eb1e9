"""Protocols plug in by name beside the built-ins, with no change to the orchestrator."""

from __future__ import annotations

from dataclasses import dataclass

from codedebate.protocol import get_protocol, protocol_names, register_protocol
from codedebate.protocol.debate import cast_debate
from codedebate.protocol.phases import ProposePhase
from codedebate.protocol.registry import Protocol
from codedebate.protocol.stop_rules import MaxRounds

from .helpers import ADD, responder, run_debate


@dataclass(frozen=True)
class ReproposePhase:
    """A toy later-round phase: every proposer simply proposes again."""

    name: str = "repropose"

    async def run(self, state, ctx) -> None:
        await ProposePhase(name=self.name).run(state, ctx)


@dataclass(frozen=True)
class StopWhenAllPass:
    """A toy stop rule: stop once every current solution passes."""

    def __call__(self, state) -> str:
        return "all_pass" if all(s.all_passed for s in state.current.solutions.values()) else ""


@register_protocol("test_resample")
def resample_protocol(settings) -> Protocol:
    return Protocol(name="test_resample", mode="resample", opening=(ProposePhase(),),
                    later=(ReproposePhase(),), stop_rules=(StopWhenAllPass(), MaxRounds(settings.max_rounds)),
                    cast=cast_debate)


def test_builtin_protocols_are_registered():
    assert {"debate", "solo"} <= set(protocol_names())


def test_a_new_protocol_runs_through_the_same_orchestrator(add_task, executor):
    def answer(request):
        if request.meta["phase"] == "repropose":
            return "```python\n" + ADD[4] + "```"
        return responder({1: ADD[1], 2: ADD[2], 3: ADD[3]})(request)

    run = run_debate(add_task, executor, answer, protocol="test_resample", max_rounds=4)
    assert run.state.stop_reason == "all_pass" and len(run.state.rounds) == 2
    assert {r.meta["phase"] for r in run.requests} == {"propose", "repropose"}
    assert run.state.final.all_passed and run.state.final.round == 2


def test_get_protocol_builds_from_settings():
    from codedebate.protocol import DebateSettings

    p = get_protocol(DebateSettings(max_rounds=2, early_stop_on_perfect=False))
    assert [type(r).__name__ for r in p.stop_rules] == ["ConsensusStop", "MaxRounds"]
    assert [ph.name for ph in p.later] == ["critique", "revise", "vote"]
