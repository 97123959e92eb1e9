"""One agent's answer on any task kind: chat, ``kind.extract``, score through the kind.

Code answers are the files dict (single-file tasks only); other kinds' answers (a letter) are
kept in ``Solution.answer`` and as ``files={"answer": ...}`` so common record columns still work.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from codedebate.backends.base import Message
from codedebate.protocol import prompts as common_prompts
from codedebate.tasks import TaskError, kind_of

from ..context import RunContext
from ..state import Agent, DebateState, Solution


def runs_code(answer: Any) -> bool:
    """Whether an answer is source files (visible tests are feedback) rather than a gold-scored value."""
    return isinstance(answer, dict)


def check_supported(task: Any) -> None:
    """star and mesh take single-file code tasks and every non-code kind; multi-file code is out of scope."""
    if getattr(task, "is_multi_file", False):
        raise TaskError(task.source_path, "required_files",
                        "star and mesh support single-file code tasks only; run multi-file tasks with 'debate'")


async def answer(ctx: RunContext, state: DebateState, agent: Agent, phase: str, round_no: int,
                 temperature: float, messages: Sequence[Message]) -> Solution:
    """Ask the agent, extract its answer, score it (visible; hidden too where the kind has one)."""
    task = state.task
    kind = kind_of(task)
    response = await ctx.chat(state, agent, phase, round_no, messages, temperature)
    value = kind.extract(task, response.text)
    files = value if runs_code(value) else {"answer": str(value)}
    result = await ctx.test(task, value)
    sol = Solution(agent_id=agent.id, round=round_no, files=files, result=result,
                   hit_token_limit=response.finish_reason == "length", temperature=temperature,
                   generation_time=response.seconds, prompt_tokens=response.prompt_tokens,
                   completion_tokens=response.completion_tokens, answer=value, reply=response.text)
    if kind.has_hidden(task):  # per-round correctness for the metrics; agents never see it
        sol.hidden_result = await ctx.test(task, value, hidden=True)
    return sol


def is_correct(task: Any, sol: Solution) -> bool:
    """Correct = every hidden test passes (code with hidden tests), else the visible/gold verdict."""
    result = sol.hidden_result if sol.hidden_result is not None else sol.result
    return result.all_passed


def answer_key(sol: Solution) -> str:
    """What 'the same answer' means: the letter, or for code the pass/fail string over the visible
    then the hidden tests (two programs agree when they behave the same on every test)."""
    if not runs_code(sol.answer):
        return str(sol.answer or "")
    return behaviour(sol, hidden=True)


def group_key(sol: Solution) -> str:
    """What protocol decisions (majority, stop on agreement) may compare: the letter, or for code
    the visible-test pass/fail string; never hidden tests or the gold."""
    return behaviour(sol) if runs_code(sol.answer) else str(sol.answer or "")


def behaviour(sol: Solution, hidden: bool = False) -> str:
    """P/F per visible test (then '|' and the hidden tests when ``hidden``)."""
    key = "".join("P" if t.passed else "F" for t in sol.result.tests)
    if hidden and sol.hidden_result is not None:
        key += "|" + "".join("P" if t.passed else "F" for t in sol.hidden_result.tests)
    return key


def feedback(sol: Solution) -> str:
    """Visible-test feedback an agent or judge may see: the per-test list for code, nothing for
    gold-scored kinds (their visible score is the gold answer)."""
    if not runs_code(sol.answer):
        return ""
    return "Visible test results:\n" + common_prompts.format_results(sol.result)


def shown_answer(sol: Solution) -> str:
    """An answer as others see it: the whole reply (reasoning and answer), plus code feedback."""
    parts = [sol.reply.strip()]
    extra = feedback(sol)
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)
