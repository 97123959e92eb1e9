"""The thesis debate: propose; then critique, revise and vote each round until a stop rule fires."""

from __future__ import annotations

from codedebate.protocol import prompts
from codedebate.protocol.voting import VotingRule

from .phases import CritiquePhase, ProposePhase, RevisePhase, VotePhase
from .registry import BackendFor, Protocol, agent_id, register_protocol
from .settings import DebateSettings
from .state import Agent
from .stop_rules import ConsensusStop, EarlyStopOnPerfect, MaxRounds


def cast_debate(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """N proposers (Agent 1..N) and the optional judge (critiques and votes, never proposes)."""
    diverse = settings.revision_strategy == "diverse"
    agents = [
        Agent(
            id=agent_id(f"agent_{i}", model),
            number=i,
            model=model,
            role="proposer",
            backend=backend_for(model),
            focus=prompts.FOCUSES[(i - 1) % len(prompts.FOCUSES)][0] if diverse else "",
        )
        for i, model in enumerate(settings.agents, start=1)
    ]
    judge = None
    if settings.judge:
        judge = Agent(agent_id("judge", settings.judge), 0, settings.judge, "judge", backend_for(settings.judge))
    return agents, judge


@register_protocol("debate")
def debate_protocol(settings: DebateSettings) -> Protocol:
    stops = ((EarlyStopOnPerfect(),) if settings.early_stop_on_perfect else ()) + (
        ConsensusStop(),
        MaxRounds(settings.max_rounds),
    )
    return Protocol(
        name="debate",
        mode="debate",
        opening=(ProposePhase(),),
        later=(CritiquePhase(), RevisePhase(), VotePhase(VotingRule.from_settings(settings))),
        stop_rules=stops,
        cast=cast_debate,
    )
