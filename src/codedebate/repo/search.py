"""Test-scored search over candidate patches: beam search or MCTS with UCT.

A node is a cumulative patch (changed files); expanding it asks a proposer for one more reply of
search/replace edits, applies it on top, and scores the result. Reward = visible-test pass rate
minus the share of the repository's other tests that passed before and fail now. One iteration
is one expansion (one proposal, one scoring); the search stops at its budget or at reward 1.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .patches import PatchError

STRATEGIES = ("mcts", "beam")


@dataclass(frozen=True)
class Evaluation:
    """A scored patch: visible pass rate, regressions among the other tests, the raw result."""

    visible_rate: float
    regressions: int
    regression_total: int
    result: Any = None

    @property
    def reward(self) -> float:
        return self.visible_rate - (self.regressions / self.regression_total if self.regression_total else 0.0)


@dataclass(eq=False)
class SearchNode:
    """One patch in the tree; ``reply`` is what the proposer wrote, ``reason`` why it did not apply."""

    changes: dict[str, str]
    depth: int
    reply: str = ""
    reason: str = ""
    evaluation: Evaluation | None = None
    parent: "SearchNode | None" = None
    children: list["SearchNode"] = field(default_factory=list)
    visits: int = 0
    value: float = 0.0
    iteration: int = 0  # when it was made (0 = the unpatched root)
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def applies(self) -> bool:
        return self.evaluation is not None

    @property
    def reward(self) -> float:
        return self.evaluation.reward if self.evaluation else -1.0


Propose = Callable[[SearchNode, int], Awaitable[tuple[str, dict[str, Any]]]]  # (reply, meta)
Apply = Callable[[dict[str, str], str], dict[str, str]]  # raises PatchError
Evaluate = Callable[[dict[str, str]], Awaitable[Evaluation]]


@dataclass
class SearchResult:
    best: SearchNode
    nodes: list[SearchNode]  # every expanded node, in order
    iterations: int
    strategy: str


def _key(changes: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(changes, sort_keys=True).encode()).hexdigest()


class PatchSearch:
    """Beam search or MCTS (UCT) over patches; ``expand`` children per node, ``budget`` iterations."""

    def __init__(self, propose: Propose, apply: Apply, evaluate: Evaluate, *, strategy: str = "mcts",
                 budget: int = 50, expand: int = 3, beam_width: int = 2, max_depth: int = 3,
                 exploration: float = 1.4) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"search strategy must be one of {', '.join(STRATEGIES)}, got {strategy!r}")
        self.propose, self.apply, self.evaluate = propose, apply, evaluate
        self.strategy, self.budget, self.expand = strategy, budget, expand
        self.beam_width, self.max_depth, self.exploration = beam_width, max_depth, exploration
        self._scored: dict[str, Evaluation] = {}
        self.nodes: list[SearchNode] = []

    async def _score(self, changes: dict[str, str]) -> Evaluation:
        key = _key(changes)
        if key not in self._scored:
            self._scored[key] = await self.evaluate(changes)
        return self._scored[key]

    async def _child(self, parent: SearchNode) -> SearchNode:
        reply, meta = await self.propose(parent, len(parent.children))
        child = SearchNode(changes=dict(parent.changes), depth=parent.depth + 1, reply=reply, parent=parent,
                           iteration=len(self.nodes) + 1, meta=meta)
        try:
            patched = self.apply(parent.changes, reply)
            child.changes = {**parent.changes, **patched}
            child.meta["edit_matches"] = tuple(getattr(patched, "matches", ()))
        except PatchError as exc:
            child.reason = str(exc)
        else:
            if child.changes == parent.changes:
                child.reason = "the patch changes nothing"
            else:
                child.evaluation = await self._score(child.changes)
        parent.children.append(child)
        self.nodes.append(child)
        return child

    async def run(self, root_evaluation: Evaluation) -> SearchResult:
        root = SearchNode(changes={}, depth=0, evaluation=root_evaluation)
        if self.strategy == "beam":
            await self._beam(root)
        else:
            await self._mcts(root)
        applied = [n for n in self.nodes if n.applies]
        best = max(applied, key=lambda n: (n.reward, -n.iteration), default=root)
        return SearchResult(best, list(self.nodes), len(self.nodes), self.strategy)

    def _done(self) -> bool:
        return len(self.nodes) >= self.budget or any(n.applies and n.reward >= 1.0 for n in self.nodes)

    async def _beam(self, root: SearchNode) -> None:
        beam = [root]
        while beam and not self._done():
            children = []
            for node in beam:
                for _ in range(self.expand):
                    if self._done():
                        break
                    children.append(await self._child(node))
            good = [c for c in children if c.applies and c.depth < self.max_depth]
            beam = sorted(good, key=lambda n: (-n.reward, n.iteration))[: self.beam_width]

    def _expandable(self, node: SearchNode) -> bool:
        return node.applies and node.depth < self.max_depth

    def _uct(self, parent: SearchNode, child: SearchNode) -> float:
        if child.visits == 0:
            return math.inf
        return child.value / child.visits + self.exploration * math.sqrt(math.log(max(parent.visits, 1)) / child.visits)

    def _select(self, root: SearchNode) -> SearchNode | None:
        """Descend by UCT while a node is fully expanded; None when nothing is left to expand."""
        node = root
        while True:
            if self._expandable(node) and len(node.children) < self.expand:
                return node
            options = [c for c in node.children if self._open(c)]
            if not options:
                return None
            node = max(options, key=lambda c: (self._uct(node, c), -c.iteration))

    def _open(self, node: SearchNode) -> bool:
        """Whether the subtree under ``node`` still has a node to expand."""
        if not self._expandable(node):
            return False
        return len(node.children) < self.expand or any(self._open(c) for c in node.children)

    async def _mcts(self, root: SearchNode) -> None:
        while not self._done():
            leaf = self._select(root)
            if leaf is None:
                return
            child = await self._child(leaf)
            reward = child.reward
            node: SearchNode | None = child
            while node is not None:
                node.visits += 1
                node.value += reward
                node = node.parent
