"""Options of the repository protocols (``protocol_options``), with their defaults and ranges."""

from __future__ import annotations

from dataclasses import dataclass

from codedebate.repo.search import STRATEGIES

from ..options import check_range
from ..settings import SettingsError

PERSPECTIVES = ("conservative", "aggressive", "pattern")


@dataclass(frozen=True)
class SweDebateOptions:
    """swe_debate: chains, debate, plan and search. Rounds of argument = settings.max_rounds."""

    top_k: int = 5  # hypotheses kept after removing near-duplicates
    max_depth: int = 5  # edges a chain may walk from its entry
    max_branches: int = 3  # neighbours followed per node
    whole_walks: bool = False  # a chain per whole walk only; False: every function on a walk can be a root cause
    perspectives: str = "conservative,aggressive,pattern"  # assigned to agents in order, cycling
    argument_chars: int = 600  # each other agent's previous argument is cut to this length
    source_chars: int = 1500  # root-function source shown per chain
    plan_retries: int = 1  # re-asks when the fix plan is invalid (the errors are shown)
    search: str = "mcts"  # mcts | beam
    budget: int = 50  # search iterations (one proposal + one scoring each)
    expand: int = 3  # children per node
    beam_width: int = 2
    search_depth: int = 3  # edits stacked on one path
    exploration: float = 1.4  # UCT constant

    def __post_init__(self) -> None:
        src = "protocol_options"
        for key, low in (("top_k", 1), ("max_depth", 0), ("max_branches", 1), ("argument_chars", 0),
                         ("source_chars", 100), ("plan_retries", 0), ("budget", 1), ("expand", 1),
                         ("beam_width", 1), ("search_depth", 1)):
            check_range(src, key, getattr(self, key), low)
        check_range(src, "exploration", self.exploration, 0.0)
        if self.search not in STRATEGIES:
            raise SettingsError(src, "protocol_options.search", f"must be one of {', '.join(STRATEGIES)}, got {self.search!r}")
        bad = [p for p in self.perspective_list if p not in PERSPECTIVES]
        if bad or not self.perspective_list:
            raise SettingsError(src, "protocol_options.perspectives",
                                f"must list some of {', '.join(PERSPECTIVES)} (comma-separated), got {self.perspectives!r}")

    @property
    def perspective_list(self) -> list[str]:
        return [p.strip() for p in self.perspectives.split(",") if p.strip()]


@dataclass(frozen=True)
class AgentlessOptions:
    """agentless (and repo_solo with samples=1): localise from the traceback, sample patches,
    select by tests. ``token_budget`` > 0 keeps sampling until that many tokens are spent."""

    top_k: int = 3  # chains whose root functions are shown
    max_depth: int = 5
    max_branches: int = 3
    whole_walks: bool = False
    source_chars: int = 1500
    samples: int = 4  # patches to sample when token_budget is 0
    token_budget: int = 0  # equal-cost baseline: sample until this many tokens (prompt + completion)
    max_samples: int = 50  # cap even under a token budget

    def __post_init__(self) -> None:
        src = "protocol_options"
        for key, low in (("top_k", 1), ("max_depth", 0), ("max_branches", 1), ("source_chars", 100),
                         ("samples", 1), ("token_budget", 0), ("max_samples", 1)):
            check_range(src, key, getattr(self, key), low)
