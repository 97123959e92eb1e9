"""Asking a model for a patch, applying it to a copy of the files, and scoring it."""

from __future__ import annotations

from codedebate.backends.base import Message
from codedebate.executor.results import ExecutionResult
from codedebate.repo.patches import apply_patch
from codedebate.repo.scoring import evaluation, protected_files
from codedebate.repo.search import Evaluation, SearchNode, SearchResult
from codedebate.tasks.repo_scoring import group_result
from codedebate.tasks.repository import RepositoryTask

from ..context import RunContext
from ..state import Agent, DebateState, Solution
from .prompts import PATCHER, cut, patch_format
from .workspace import Workspace


def patch_messages(task: RepositoryTask, guidance: str, code: str, failures: str, example_file: str) -> list[Message]:
    user = (f"# Issue\n{task.issue.strip()}\n\n# Failing tests\n{failures}\n\n{guidance}\n\n"
            f"# Code\n{code}\n\n{patch_format(example_file)}")
    return [Message("system", PATCHER), Message("user", user)]


def failures_of(task: RepositoryTask, result: ExecutionResult | None, limit: int = 1200) -> str:
    if result is None:
        return "(not run)"
    bad = [t for t in group_result(result, task.visible_tests + task.other_tests()).tests if not t.passed]
    return "\n\n".join(f"{t.name}:\n{cut(t.message, limit // max(1, len(bad)))}" for t in bad) or "(all pass)"


def file_block(path: str, text: str) -> str:
    return f"FILE {path}:\n```python\n{text}\n```"


def applier(task: RepositoryTask):
    """apply(changes so far, reply) -> new changes; edits validated against the patched files."""
    files = task.source_files()
    protected = protected_files(task)

    def apply(changes: dict[str, str], reply: str) -> dict[str, str]:
        return apply_patch({**files, **changes}, reply, protected)

    return apply


def scorer(task: RepositoryTask, ctx: RunContext, ws: Workspace):
    async def evaluate(changes: dict[str, str]) -> Evaluation:
        return evaluation(task, await ctx.test(task, changes), ws.baseline)

    return evaluate


def record_search(state: DebateState, ws: Workspace, result: SearchResult, agents: dict[str, Agent]) -> None:
    """Every searched patch becomes a Solution: each agent's best is kept, the rest go to ``rejected``."""
    ws.search = result
    rnd = state.current
    made: list[Solution] = []
    for node in result.nodes:
        meta = node.meta
        res = node.evaluation.result if node.evaluation else ExecutionResult(tests=(), compiles=False,
                                                                              error=node.reason)
        sol = Solution(meta.get("agent", state.agents[0].id), rnd.number, dict(node.changes), res,
                       temperature=meta.get("temperature", 0.0), generation_time=meta.get("seconds", 0.0),
                       prompt_tokens=meta.get("prompt_tokens", 0), completion_tokens=meta.get("completion_tokens", 0),
                       hit_token_limit=meta.get("finish_reason") == "length",
                       revert_reason=node.reason)
        node.meta["solution"] = sol
        made.append(sol)
    best_by_agent: dict[str, tuple[float, Solution]] = {}
    for node, sol in zip(result.nodes, made):
        if node.applies and (sol.agent_id not in best_by_agent or node.reward > best_by_agent[sol.agent_id][0]):
            best_by_agent[sol.agent_id] = (node.reward, sol)
    kept = {id(s) for _, s in best_by_agent.values()}
    for sol in made:
        if id(sol) in kept:
            rnd.solutions[sol.agent_id] = sol
        else:
            rnd.rejected.append(sol)
    best: SearchNode = result.best
    ws.patch_applies = best.iteration > 0
    ws.final = best.meta.get("solution") if ws.patch_applies else ws.baseline_solution


async def ask_patch(ctx: RunContext, state: DebateState, agent: Agent, phase: str, messages: list[Message],
                    temperature: float, part: int) -> tuple[str, dict]:
    response = await ctx.chat(state, agent, phase, state.current.number, messages, temperature, part=part)
    return response.text, {"agent": agent.id, "temperature": temperature, "seconds": response.seconds,
                           "prompt_tokens": response.prompt_tokens, "completion_tokens": response.completion_tokens,
                           "finish_reason": response.finish_reason}
