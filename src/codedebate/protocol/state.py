"""The state of one run: agents, each round's solutions, critiques and votes, and every call.

Phases read and extend this state; the runner turns the finished state into records.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codedebate.backends.base import Backend, ChatRequest, ChatResponse
from codedebate.executor.results import ExecutionResult
from codedebate.tasks import Task
from codedebate.protocol.voting import Vote, VoteOutcome

if TYPE_CHECKING:  # pragma: no cover
    from .settings import DebateSettings


@dataclass
class Agent:
    """One participant: a proposer (writes solutions) or a judge (critiques and votes only)."""

    id: str
    number: int  # 1-based; proposers are "Agent 1..N" in prompts, the judge is number 0
    model: str
    role: str  # "proposer" | "judge" | "solo"
    backend: Backend
    focus: str = ""  # revision focus under the diverse strategy

    @property
    def short_id(self) -> str:
        """agent_<n> for proposers, judge for the judge (what scripts and prompts key on)."""
        return f"agent_{self.number}" if self.number else "judge"

    @property
    def proposes(self) -> bool:
        return self.role in ("proposer", "solo")


@dataclass
class Solution:
    """One agent's solution in one round, with its visible-test verdict."""

    agent_id: str
    round: int
    files: dict[str, str]
    result: ExecutionResult
    truncated: bool = False  # the code was cut off (anti-regression reverts it)
    hit_token_limit: bool = False  # some reply of this solution ended at max_tokens
    temperature: float = 0.0
    generation_time: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reused_from_round: int | None = None  # set when anti-regression restored an earlier solution
    revert_reason: str = ""
    hidden_result: ExecutionResult | None = None
    answer: object = None  # the task kind's answer when it is not the files (e.g. a letter)
    reply: str = ""  # the model's whole reply (kept by protocols that show reasoning to peers)

    @property
    def is_reuse(self) -> bool:
        return self.reused_from_round is not None

    @property
    def pass_rate(self) -> float:
        return self.result.pass_rate

    @property
    def passed(self) -> int:
        return self.result.passed

    @property
    def all_passed(self) -> bool:
        return self.result.all_passed

    def code_text(self) -> str:
        """The code as one string: the source (single file) or JSON of name -> source."""
        if list(self.files) == ["solution.py"]:
            return self.files["solution.py"]
        return json.dumps(self.files, indent=1)


@dataclass(frozen=True)
class Bug:
    """One bug a critic listed, and whether it names a failing test or a code line."""

    text: str
    grounded: bool


@dataclass
class Critique:
    critic_id: str
    target_id: str
    round: int
    bugs: list[Bug]


@dataclass
class Round:
    """Everything one round produced."""

    number: int
    solutions: dict[str, Solution] = field(default_factory=dict)  # agent id -> the agent's solution
    rejected: list[Solution] = field(default_factory=list)  # revisions anti-regression threw out
    critiques: list[Critique] = field(default_factory=list)
    votes: list[Vote] = field(default_factory=list)
    vote_outcome: VoteOutcome | None = None
    feedback: dict[str, str] = field(default_factory=dict)  # agent id -> text only that agent sees (star judge)
    started: float = field(default_factory=time.monotonic)
    duration: float = 0.0


@dataclass
class CallRecord:
    """One model call, for the transcript."""

    index: int
    agent: Agent
    phase: str
    round: int
    request: ChatRequest
    response: ChatResponse
    started: float = 0.0  # time.monotonic() when the call was sent (model wall time)


@dataclass
class DebateState:
    """A run in progress (or finished)."""

    task: Task
    settings: "DebateSettings"
    agents: list[Agent]  # proposers, in order
    judge: Agent | None = None
    rounds: list[Round] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    calls_started: int = 0
    best: dict[str, Solution] = field(default_factory=dict)  # agent id -> best solution so far
    stagnation: dict[str, int] = field(default_factory=dict)  # agent id -> rounds without improvement
    stop_reason: str = ""
    final: Solution | None = None
    best_initial: Solution | None = None
    started_at: str = ""
    started: float = field(default_factory=time.monotonic)
    duration: float = 0.0

    def next_call_index(self) -> int:
        """Number a call when it starts."""
        self.calls_started += 1
        return self.calls_started - 1

    @property
    def participants(self) -> list[Agent]:
        """Every agent that critiques and votes: the proposers, then the judge."""
        return self.agents + ([self.judge] if self.judge else [])

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    def agent(self, agent_id: str) -> Agent:
        return next(a for a in self.participants if a.id == agent_id)

    def by_number(self, number: int) -> Agent:
        return next(a for a in self.agents if a.number == number)

    def latest(self) -> dict[str, Solution]:
        """Each proposer's most recent solution (this round's if it has one)."""
        out: dict[str, Solution] = {}
        for rnd in self.rounds:
            out.update(rnd.solutions)
        return out

    def add_solution(self, sol: Solution) -> None:
        """Record a solution of the current round and update the agent's best."""
        self.current.solutions[sol.agent_id] = sol
        best = self.best.get(sol.agent_id)
        if best is None or sol.passed > best.passed:
            self.best[sol.agent_id] = sol

    def generated(self) -> list[Solution]:
        """Every solution a model wrote (restored copies excluded, rejected revisions included)."""
        out: list[Solution] = []
        for rnd in self.rounds:
            out.extend(s for s in rnd.solutions.values() if not s.is_reuse)
            out.extend(rnd.rejected)
        return out

    def candidates(self) -> list[Solution]:
        """Solutions eligible as the final answer: every kept, newly written solution."""
        return [s for rnd in self.rounds for s in rnd.solutions.values() if not s.is_reuse]
