"""Localisation: test the unpatched repository, build its graph, walk fault chains."""

from __future__ import annotations

from codedebate.executor.results import ExecutionResult
from codedebate.repo.chains import Chain, fault_chains, gold_node, issue_entries, traceback_entries
from codedebate.repo.graph import Graph, graph_for
from codedebate.repo.scoring import evaluation, protected_files
from codedebate.tasks.repo_scoring import group_result
from codedebate.tasks.repository import RepositoryTask

from ..context import RunContext
from ..settings import SettingsError
from ..state import DebateState, Solution
from .prompts import cut
from .workspace import Workspace


def repository_task(state: DebateState) -> RepositoryTask:
    if not isinstance(state.task, RepositoryTask):
        raise SettingsError("settings", "protocol", f"protocol '{state.settings.protocol}' runs repository tasks "
                                                    f"only; task '{state.task.id}' is a {type(state.task).kind} task")
    return state.task


def localise(task: RepositoryTask, baseline: ExecutionResult, *, top_k: int, max_depth: int, max_branches: int,
             whole_walks: bool) -> tuple[list[tuple[str, str]], Graph, list[Chain], str | None]:
    """(visible failures, graph, top chains, gold node) of the unpatched repository from its test result."""
    failures = [(t.name, t.message) for t in group_result(baseline, task.visible_tests).tests if not t.passed]
    graph = graph_for(task.source_files())
    tests = set(protected_files(task))
    entries = traceback_entries(graph, failures, {}) + issue_entries(graph, task.issue, tests)
    chains = fault_chains(graph, entries, max_depth=max_depth, max_branches=max_branches, top_k=top_k,
                          exclude_files=tests, maximal=whole_walks)
    return failures, graph, chains, gold_node(graph, task.gold)


class LocalisePhase:
    """Round 1: run the visible and other tests unpatched, then build the chains (no model calls)."""

    name = "localise"

    def __init__(self, ws: Workspace, top_k: int, max_depth: int, max_branches: int, whole_walks: bool = False) -> None:
        self.ws, self.top_k, self.max_depth, self.max_branches = ws, top_k, max_depth, max_branches
        self.whole_walks = whole_walks

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        task = repository_task(state)
        ws = self.ws
        with ws.stage("localise"):
            ws.baseline = await ctx.test(task, {})
            ws.baseline_eval = evaluation(task, ws.baseline, None)
            ws.failures, ws.graph, ws.chains, ws.gold = localise(
                task, ws.baseline, top_k=self.top_k, max_depth=self.max_depth, max_branches=self.max_branches,
                whole_walks=self.whole_walks)
        agent = state.agents[0]
        ws.baseline_solution = Solution(agent.id, state.current.number, {}, ws.baseline, reused_from_round=0,
                                        revert_reason="the unpatched repository")
        state.current.solutions[agent.id] = ws.baseline_solution


def node_source(ws: Workspace, files: dict[str, str], node_id: str, limit: int) -> str:
    """The source lines of a graph node in the current files, cut to ``limit`` characters."""
    node = ws.graph.nodes[node_id]
    lines = files.get(node.file, "").splitlines()
    return cut("\n".join(lines[node.lineno - 1: node.end_lineno]), limit)


def describe_chains(ws: Workspace, files: dict[str, str], chains: list[Chain], limit: int) -> str:
    parts = []
    for i, chain in enumerate(chains, start=1):
        parts.append(f"Chain {i}: {chain.describe(ws.graph)}\n```python\n{node_source(ws, files, chain.root, limit)}\n```")
    return "\n\n".join(parts) or "(no chain could be built from the traceback or the issue)"


def describe_failures(ws: Workspace, limit: int = 1500) -> str:
    return "\n\n".join(f"{name}:\n{cut(msg, limit // max(1, len(ws.failures)))}" for name, msg in ws.failures) \
        or "(no visible test fails)"
