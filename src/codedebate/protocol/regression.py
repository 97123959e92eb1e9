"""Anti-regression: decide whether a revision is kept or the agent's best earlier solution returns."""

from __future__ import annotations

from dataclasses import replace

from codedebate.tasks.codeblocks import is_skeleton, syntax_error

from .state import Solution

LOST_TESTS, SYNTAX_ERROR, TRUNCATED, SKELETON = "lost_tests", "syntax_error", "truncated", "skeleton"


def revert_reason(revision: Solution, best: Solution | None, tolerance: int) -> str:
    """Why the revision must be replaced by ``best`` ("" when it is kept).

    Checked in order: truncated (token limit or cut-off code), syntax error, skeleton (no real
    body), and losing more than ``tolerance`` tests against the agent's best.
    """
    if best is None:
        return ""
    if revision.truncated:
        return TRUNCATED
    if any(syntax_error(src) for src in revision.files.values()):
        return SYNTAX_ERROR
    if any(is_skeleton(src) for src in revision.files.values()):
        return SKELETON
    if best.passed - revision.passed > tolerance:
        return LOST_TESTS
    return ""


def restore(best: Solution, revision: Solution, reason: str) -> Solution:
    """The agent's best earlier solution, carried into the revision's round as a reuse."""
    return replace(
        best,
        round=revision.round,
        temperature=revision.temperature,
        generation_time=revision.generation_time,
        prompt_tokens=revision.prompt_tokens,
        completion_tokens=revision.completion_tokens,
        truncated=revision.truncated,
        hit_token_limit=revision.hit_token_limit,
        reused_from_round=best.reused_from_round or best.round,
        revert_reason=reason,
        hidden_result=None,
    )
