"""Writing one solution with a model: one call for single-file tasks, one call per file otherwise.

Multi-file tasks are generated in ``required_files`` order; each call sees the files already
written. The written files are then tested against the visible tests.
"""

from __future__ import annotations

from collections.abc import Callable

from codedebate.backends.base import Message
from codedebate.tasks.codeblocks import extract_code, is_truncated

from .context import RunContext
from .state import Agent, DebateState, Solution

#: build(file_name or None, files written so far) -> messages for that call
MessageBuilder = Callable[[str | None, dict[str, str]], list[Message]]


async def write_solution(
    ctx: RunContext,
    state: DebateState,
    agent: Agent,
    phase: str,
    round_no: int,
    temperature: float,
    build: MessageBuilder,
) -> Solution:
    """Ask the agent's model for a solution (file by file), test it, return the Solution."""
    task = state.task
    parts: list[str | None] = list(task.file_names) if task.is_multi_file else [None]
    files: dict[str, str] = {}
    truncated = hit_limit = False
    seconds = 0.0
    prompt_tokens = completion_tokens = 0
    for i, name in enumerate(parts):
        response = await ctx.chat(state, agent, phase, round_no, build(name, dict(files)), temperature, part=i)
        code = extract_code(response.text)
        truncated = truncated or is_truncated(response.text, code, response.finish_reason)
        hit_limit = hit_limit or response.finish_reason == "length"
        files[name or "solution.py"] = code
        seconds += response.seconds
        prompt_tokens += response.prompt_tokens
        completion_tokens += response.completion_tokens
    result = await ctx.test(task, files)
    return Solution(
        agent_id=agent.id,
        round=round_no,
        files=files,
        result=result,
        truncated=truncated,
        hit_token_limit=hit_limit,
        temperature=temperature,
        generation_time=seconds,
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
    )
