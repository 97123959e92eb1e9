"""self_repair: one model writes a solution, sees its visible-test results and revises it, up to K
rounds in all (the single-agent counterpart of the debate at the same rounds; same anti-regression
and final-answer rule), or until it passes every visible test or the next round would exceed the
token budget."""

from __future__ import annotations

from dataclasses import dataclass

from codedebate.backends.base import Message
from codedebate.protocol import prompts

from ..context import RunContext
from ..extensions import RecordExtension
from ..generation import write_solution
from ..options import check_range, parse_options
from ..phases import ProposePhase
from ..phases.critique import shown_best
from ..regression import restore, revert_reason
from ..registry import Protocol, register_protocol
from ..settings import DebateSettings
from ..solo import cast_solo
from ..state import DebateState
from ..stop_rules import MaxRounds
from ..temperature import revision_temperature
from .budget import BUDGET, TokenBudget, tokens_spent

#: Stop reason: the latest solution passes every visible test.
SOLVED = "solved"


@dataclass(frozen=True)
class RepairOptions:
    """``protocol_options`` of self_repair."""

    rounds: int = 0  # rounds in all, the first attempt included; 0: the settings' max_rounds
    token_budget: int = 0  # prompt + completion tokens of the run; 0: no budget

    def __post_init__(self) -> None:
        check_range("settings", "rounds", self.rounds, 0, 20)
        check_range("settings", "token_budget", self.token_budget, 0)

    @property
    def budget(self) -> TokenBudget:
        return TokenBudget(self.token_budget)


def repair_messages(state: DebateState, file_name: str | None, written: dict[str, str]) -> list[Message]:
    """The debate's revision prompt with no critiques and no other solutions, as a solo model."""
    own = shown_best(state, state.agents[0])
    messages = prompts.revision_messages(state.task, own, [], [], [], prompts.UNIFORM_FOCUS, file_name, written)
    return [Message("system", prompts.SYSTEM["solo"]), *messages[1:]]


@dataclass(frozen=True)
class RepairPhase:
    """Revise the best solution so far; a regression restores it (as in the debate)."""

    name: str = "repair"

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        agent = state.agents[0]
        best = state.best[agent.id]
        temperature = revision_temperature(state.settings, state.stagnation.get(agent.id, 0))
        revision = await write_solution(ctx, state, agent, self.name, state.current.number, temperature,
                                        lambda name, written: repair_messages(state, name, written))
        kept = revision
        reason = revert_reason(revision, best, state.settings.regression_tolerance)
        if reason:
            state.current.rejected.append(revision)
            kept = restore(best, revision, reason)
        state.add_solution(kept)
        state.stagnation[agent.id] = 0 if kept.passed > best.passed else state.stagnation.get(agent.id, 0) + 1


@dataclass(frozen=True)
class Solved:
    """Stop once the round's solution passes every visible test."""

    def __call__(self, state: DebateState) -> str:
        return SOLVED if any(s.all_passed for s in state.current.solutions.values()) else ""


@dataclass(frozen=True)
class RoundBudget:
    """Stop when the next round, costing as much as the dearest round so far, would exceed the budget."""

    budget: TokenBudget

    def __call__(self, state: DebateState) -> str:
        costs = [sum(c.response.prompt_tokens + c.response.completion_tokens for c in state.calls if c.round == r.number)
                 for r in state.rounds]
        return "" if self.budget.allows_next(tokens_spent(state), costs) else BUDGET


def _summary(state: DebateState) -> dict:
    budget = parse_options(RepairOptions, state.settings).token_budget
    return {"token_budget": budget or None, "repair_rounds": len(state.rounds) - 1}


REPAIR_EXTENSION = RecordExtension(
    owner="self_repair",
    summary=(("token_budget", "Int64", "the run's token budget (prompt + completion tokens; NA: none)"),
             ("repair_rounds", "Int64", "repair rounds run after the first attempt")),
    summary_values=_summary,
)


@register_protocol("self_repair")
def self_repair_protocol(settings: DebateSettings) -> Protocol:
    options = parse_options(RepairOptions, settings)
    return Protocol(
        name="self_repair",
        mode="self_repair",
        opening=(ProposePhase(),),
        later=(RepairPhase(),),
        stop_rules=(Solved(), RoundBudget(options.budget), MaxRounds(options.rounds or settings.max_rounds)),
        cast=cast_solo,
        extensions=(REPAIR_EXTENSION,),
    )
