"""Independent samples spread round-robin over the pool's models, within a count and a token budget.

Shared by best_of_n, majority_vote and vote_only. Each sample is its own agent (``sample_<k>``,
number k, so every sample gets its own call seed); after sampling the run's agents are the samples.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from codedebate.backends.base import Message
from codedebate.protocol import prompts

from ..context import RunContext
from ..extensions import RecordExtension
from ..generation import write_solution
from ..options import check_range, parse_options
from ..registry import BackendFor, agent_id
from ..settings import DebateSettings, SettingsError
from ..state import Agent, DebateState, Solution
from .budget import BUDGET, TokenBudget, tokens_spent

#: Samples without a token budget when n_samples is 0, and the most a budget may draw.
DEFAULT_SAMPLES, MAX_SAMPLES = 5, 64
#: Stop reason of a sampling run that drew all the samples it was asked for.
SAMPLED = "sampled"
PHASE = "sample"


@dataclass(frozen=True)
class SamplingOptions:
    """``protocol_options`` of the sampling protocols."""

    n_samples: int = 0  # 0: DEFAULT_SAMPLES without a budget, up to MAX_SAMPLES with one
    temperature: float = 0.8
    token_budget: int = 0  # prompt + completion tokens of the run; 0: no budget

    def __post_init__(self) -> None:
        check_range("settings", "n_samples", self.n_samples, 0, MAX_SAMPLES)
        check_range("settings", "temperature", self.temperature, 0.0, 2.0)
        check_range("settings", "token_budget", self.token_budget, 0)

    @property
    def max_samples(self) -> int:
        if self.n_samples:
            return self.n_samples
        return MAX_SAMPLES if self.token_budget else DEFAULT_SAMPLES

    @property
    def budget(self) -> TokenBudget:
        return TokenBudget(self.token_budget)


def cast_pool(settings: DebateSettings, backend_for: BackendFor) -> tuple[list[Agent], Agent | None]:
    """One agent per entry of ``agents`` (the pool samples cycle over); no judge."""
    if settings.judge:
        raise SettingsError("settings", "judge", f"{settings.protocol} runs have no judge; set judge to null")
    return [Agent(agent_id(f"pool_{i}", m), i, m, "solo", backend_for(m))
            for i, m in enumerate(settings.agents, start=1)], None


@dataclass(frozen=True)
class SamplePhase:
    """Draw samples one by one until ``max_samples`` or the token budget; each is visible-tested."""

    options: SamplingOptions
    name: str = PHASE

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        pool, samples, costs = list(state.agents), [], []
        while len(samples) < self.options.max_samples and self.options.budget.allows_next(tokens_spent(state), costs):
            k = len(samples) + 1
            base = pool[(k - 1) % len(pool)]
            agent = Agent(agent_id(f"sample_{k}", base.model), k, base.model, "solo", base.backend)

            def build(file_name: str | None, written: dict[str, str]) -> list[Message]:
                return prompts.proposal_messages(state.task, "solo", file_name, written)

            sol = await write_solution(ctx, state, agent, self.name, state.current.number, self.options.temperature, build)
            samples.append(agent)
            state.agents = pool + samples  # visible to records while sampling; the pool leaves below
            state.add_solution(sol)
            costs.append(sol.prompt_tokens + sol.completion_tokens)
        state.agents = samples


@dataclass(frozen=True)
class SamplingStop:
    """Sampling is one round: 'budget' when the budget cut it short, else 'sampled'."""

    options: SamplingOptions

    def __call__(self, state: DebateState) -> str:
        drawn = len(state.rounds[0].solutions)
        return BUDGET if self.options.budget.active and drawn < self.options.max_samples else SAMPLED


def samples(state: DebateState) -> list[Solution]:
    """The samples in the order they were drawn."""
    return sorted(state.rounds[0].solutions.values(), key=lambda s: state.agent(s.agent_id).number)


def chosen(state: DebateState) -> Solution:
    """The sample the selection phase picked (recorded as the round's vote outcome winner)."""
    outcome = state.rounds[0].vote_outcome
    assert outcome is not None and outcome.winner is not None, "the selection phase did not run"
    return next(s for s in samples(state) if state.agent(s.agent_id).number == outcome.winner)


def group_ranks(state: DebateState) -> dict[str, int]:
    """Sample agent id -> rank of its behaviour group by size (1: largest), from the selection's
    votes (each probed sample votes for the first member of its group); empty when not probed."""
    votes = state.rounds[0].votes
    sizes = Counter(v.choice for v in votes)
    order = sorted(sizes, key=lambda rep: (-sizes[rep], rep))
    return {v.voter: order.index(v.choice) + 1 for v in votes}


def _summary(state: DebateState) -> dict:
    groups = len({v.choice for v in state.rounds[0].votes})
    budget = parse_options(SamplingOptions, state.settings).token_budget
    return {"n_samples": len(state.rounds[0].solutions), "token_budget": budget or None, "behaviour_groups": groups or None}


#: Columns every sampling protocol adds: samples drawn, budget, behaviour groups.
SAMPLING_EXTENSION = RecordExtension(
    owner="best_of_n, majority_vote, vote_only",
    summary=(("n_samples", "Int64", "samples drawn"),
             ("token_budget", "Int64", "the run's token budget (prompt + completion tokens; NA: none)"),
             ("behaviour_groups", "Int64", "distinct behaviours among the probed samples (NA: none probed)")),
    per_round=(("behaviour_group", "Int64", "rank of the sample's behaviour group by size (1: largest; NA: not probed)"),),
    summary_values=_summary,
    per_round_values=lambda state, sol: {"behaviour_group": group_ranks(state).get(sol.agent_id)},
)
