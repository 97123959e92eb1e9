"""Record columns of star and mesh: per-round answers and correctness (what the sycophancy
statistics read), per-run links, tokens per role and judge verdict counts."""

from __future__ import annotations

from typing import Any

from ..extensions import RecordExtension
from ..options import parse_options
from ..state import DebateState, Solution
from .answers import answer_key, group_key, is_correct
from .options import MeshOptions, StarOptions


def links(topology: str, n_agents: int) -> int:
    """Communication links: mesh n(n-1)/2 peer pairs; star 2n (n answers up, n evaluations down)."""
    return n_agents * (n_agents - 1) // 2 if topology == "mesh" else 2 * n_agents


def _tokens(state: DebateState, role: str, field: str) -> int:
    return sum(getattr(c.response, field) for c in state.calls if c.agent.role == role)


def _judge_overruled_disagreement(state: DebateState) -> bool:
    """The judge wrote the consensus line although the answers it read differ (by group key)."""
    said = any(r.vote_outcome is not None and r.vote_outcome.consensus for r in state.rounds)
    return state.judge is not None and said and len({group_key(s) for s in state.latest().values()}) > 1


def _summary(state: DebateState) -> dict[str, Any]:
    final = state.final
    assert final is not None
    bugs = [b for r in state.rounds for c in r.critiques for b in c.bugs]
    options = parse_options(MeshOptions if state.settings.protocol == "mesh" else StarOptions, state.settings)
    return {
        "subject": getattr(state.task, "subject", ""),
        "final_answer_key": answer_key(final),
        "final_correct": is_correct(state.task, final),
        "topology_links": links(state.settings.protocol, len(state.agents)),
        "olympiad": options.olympiad,
        "proposer_prompt_tokens": _tokens(state, "proposer", "prompt_tokens"),
        "proposer_completion_tokens": _tokens(state, "proposer", "completion_tokens"),
        "judge_prompt_tokens": _tokens(state, "judge", "prompt_tokens"),
        "judge_completion_tokens": _tokens(state, "judge", "completion_tokens"),
        "judge_rejections": len(bugs),
        "judge_grounded_rejections": sum(b.grounded for b in bugs),
        "judge_consensus_on_disagreement": _judge_overruled_disagreement(state),
    }


def _per_round(state: DebateState, sol: Solution) -> dict[str, Any]:
    return {"answer_key": answer_key(sol), "correct": is_correct(state.task, sol)}


TOPOLOGY_COLUMNS = RecordExtension(
    owner="topology (star, mesh)",
    summary=(
        ("subject", "string", "subject of a multiple-choice question (empty for code)"),
        ("final_answer_key", "string", "final answer: the letter, or P/F per visible|hidden test for code"),
        ("final_correct", "boolean", "final answer correct (gold letter; code: every hidden test passes)"),
        ("topology_links", "Int64", "communication links: mesh n(n-1)/2, star 2n"),
        ("olympiad", "boolean", "Olympiad (first-fatal-error) prompt family on"),
        ("proposer_prompt_tokens", "Int64", "prompt tokens of the agents' calls"),
        ("proposer_completion_tokens", "Int64", "completion tokens of the agents' calls"),
        ("judge_prompt_tokens", "Int64", "prompt tokens of the judge's calls"),
        ("judge_completion_tokens", "Int64", "completion tokens of the judge's calls"),
        ("judge_rejections", "Int64", "Olympiad REJECTED verdicts over all rounds"),
        ("judge_grounded_rejections", "Int64", "rejections whose first fatal error names a failing visible test"),
        ("judge_consensus_on_disagreement", "boolean",
         "star: the judge wrote the consensus line although the agents' answers differed"),
    ),
    per_round=(
        ("answer_key", "string", "the answer: the letter, or P/F per visible|hidden test for code"),
        ("correct", "boolean", "answer correct (gold letter; code: every hidden test passes)"),
    ),
    summary_values=_summary,
    per_round_values=_per_round,
)
