"""What one repository run knows besides the common state: graph, chains, arguments, plan, search."""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

from codedebate.executor.results import ExecutionResult
from codedebate.repo.chains import Chain
from codedebate.repo.graph import Graph
from codedebate.repo.plan import FixPlan
from codedebate.repo.search import Evaluation, SearchResult

from ..state import Solution


@dataclass(frozen=True)
class Argument:
    agent_id: str
    perspective: str
    round: int
    chain: int | None  # 0-based index into the chains; None when the reply named none
    text: str


@dataclass
class Workspace:
    """Per-run store shared by a protocol's phases and its record columns (one per protocol build)."""

    graph: Graph | None = None
    chains: list[Chain] = field(default_factory=list)
    gold: str | None = None  # node id of the gold function, when the task names one
    baseline: ExecutionResult | None = None
    baseline_eval: Evaluation | None = None
    baseline_solution: Solution | None = None
    failures: list[tuple[str, str]] = field(default_factory=list)  # (test id, message)
    arguments: list[Argument] = field(default_factory=list)
    votes: dict[str, int] = field(default_factory=dict)  # agent id -> chain index
    chosen: int | None = None
    plan: FixPlan | None = None
    plan_valid: bool = False
    plan_errors: list[str] = field(default_factory=list)
    search: SearchResult | None = None
    final: Solution | None = None
    patch_applies: bool = False
    stage_seconds: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Time a stage (localise, argue, plan, search, patch); adds up over rounds."""
        start = time.monotonic()
        try:
            yield
        finally:
            self.stage_seconds[name] = self.stage_seconds.get(name, 0.0) + time.monotonic() - start

    def gold_in(self, chains: list[Chain]) -> bool | None:
        if self.gold is None:
            return None
        return any(self.gold in c.path for c in chains)
