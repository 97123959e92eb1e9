"""Turn a finished run's state into its three record tables (common columns + declared extensions).

Each builder is small and owns one table; protocols add columns through ``Protocol.extensions``
(see ``extensions.py``) instead of editing these functions.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from statistics import mean
from typing import Any

import pandas as pd

from codedebate.backends.cache import cache_counts
from codedebate.records import RunRecords

from .extensions import RecordExtension
from .state import CallRecord, DebateState, Solution
from .stop_rules import CONSENSUS, EARLY_STOP
from .voting import Candidate, VotingRule

NAN = float("nan")


def _rate(values: list[float]) -> float:
    return mean(values) if values else NAN


def _opt(value: float | None) -> float:
    return NAN if value is None else float(value)


def _mean_opt(values: list[float | None]) -> float:
    present = [v for v in values if v is not None and not math.isnan(v)]
    return mean(present) if present else NAN


def _status(sol: Solution) -> str:
    if not sol.result.compiles:
        return "syntax_error"
    if sol.all_passed:
        return "passed"
    return "partial" if sol.passed else "failed"


def _role(state: DebateState, sol: Solution) -> str:
    agent = state.agent(sol.agent_id)
    return f"{agent.role}:{agent.focus}" if agent.focus else agent.role


def backend_info(state: DebateState) -> dict[str, dict]:
    """Each model's backend description (GGUF checksum, Ollama host, versions) for provenance."""
    info: dict[str, dict] = {}
    for agent in state.participants:
        if agent.model not in info:
            describe = getattr(agent.backend, "describe", None)
            info[agent.model] = describe() if callable(describe) else {"name": agent.model}
    return info


def tokens_by(calls: Sequence[CallRecord], key: str) -> str:
    """JSON object: call.<key> (phase, or agent id) -> {prompt, completion, calls}, keys sorted."""
    out: dict[str, dict[str, int]] = {}
    for c in calls:
        name = c.phase if key == "phase" else c.agent.id
        row = out.setdefault(name, {"prompt": 0, "completion": 0, "calls": 0})
        row["prompt"] += c.response.prompt_tokens
        row["completion"] += c.response.completion_tokens
        row["calls"] += 1
    return json.dumps(out, sort_keys=True)


def model_seconds(calls: Sequence[CallRecord]) -> float:
    """Wall-clock seconds with at least one model call running (the union of the calls' intervals)."""
    spans = sorted((c.started, c.started + c.response.seconds) for c in calls)
    total, end = 0.0, float("-inf")
    for start, stop in spans:
        if stop > end:
            total += stop - max(start, end)
            end = stop
    return total


def oracle_hidden(state: DebateState) -> bool | None:
    """Some generated candidate passes every hidden test (None: not hidden-scored)."""
    scored = [s.hidden_result for s in state.generated() if s.hidden_result is not None]
    return any(r.all_passed for r in scored) if scored else None


def summary_row(state: DebateState, ident: dict[str, Any], execution_seconds: float) -> dict[str, Any]:
    """The common summary columns of a finished run (``ident``: run id, experiment, protocol, ...)."""
    s, task = state.settings, state.task
    final, initial = state.final, state.best_initial
    assert final is not None and initial is not None, "summary_row needs a finished run"
    round1 = list(state.rounds[0].solutions.values())
    last_vote = next((r.vote_outcome for r in reversed(state.rounds) if r.vote_outcome), None)
    consensus_round = next((r.number for r in state.rounds if r.vote_outcome and r.vote_outcome.consensus), 0)
    generated = state.generated()
    prompt_tokens = sum(c.response.prompt_tokens for c in state.calls)
    completion_tokens = sum(c.response.completion_tokens for c in state.calls)
    final_rate = final.pass_rate
    avg_initial = _rate([x.pass_rate for x in round1])
    return {
        **ident,
        "source": "codedebate", "task_id": task.id, "task_name": task.name, "difficulty": task.difficulty,
        "agent_models": ",".join(a.model for a in state.agents),
        "judge_model": state.judge.model if state.judge else "", "num_agents": len(state.agents),
        "seed": s.seed,
        "final_pass_rate": final_rate, "tests_passed": final.passed, "tests_total": final.result.total,
        "hidden_pass_rate": final.hidden_result.pass_rate if final.hidden_result else NAN,
        "hidden_tests_passed": final.hidden_result.passed if final.hidden_result else None,
        "hidden_tests_total": len(getattr(task, "hidden_tests", ())),
        "pass_at_1": _rate([1.0 if x.all_passed else 0.0 for x in round1]),
        "pass_at_k": 1.0 if any(x.all_passed for x in round1) else 0.0,
        "best_initial_pass_rate": initial.pass_rate,
        "avg_initial_pass_rate": avg_initial,
        "best_initial_hidden_pass_rate": initial.hidden_result.pass_rate if initial.hidden_result else NAN,
        "improvement_over_best_initial": final_rate - initial.pass_rate,
        "improvement_over_avg_initial": final_rate - avg_initial,
        "total_rounds": len(state.rounds),
        "consensus_reached": state.stop_reason in (CONSENSUS, EARLY_STOP),
        "consensus_ratio": last_vote.ratio if last_vote else NAN,
        "rounds_to_consensus": consensus_round,
        "total_critiques": sum(len(r.critiques) for r in state.rounds),
        "total_bugs_found": sum(len(c.bugs) for r in state.rounds for c in r.critiques),
        "initial_avg_pylint": _mean_opt([x.result.pylint_score for x in round1]),
        "final_pylint": _opt(final.result.pylint_score),
        "initial_avg_complexity": _mean_opt([x.result.complexity for x in round1]),
        "final_complexity": _opt(final.result.complexity),
        "duration_seconds": state.duration,
        "avg_round_duration": _rate([r.duration for r in state.rounds]),
        "total_llm_time": sum(c.response.seconds for c in state.calls),
        "total_execution_time": execution_seconds,
        "all_solutions_count": len(generated),
        "passing_solutions_count": sum(x.all_passed for x in generated),
        "status": state.stop_reason,
        "winning_agent": final.agent_id, "best_round": final.round, "best_round_pass_rate": final_rate,
        "peak_after_debate": final.round > 1,
        "prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
        "tokens_by_phase": tokens_by(state.calls, "phase"), "tokens_by_agent": tokens_by(state.calls, "agent"),
        "model_seconds": model_seconds(state.calls), "oracle_hidden": oracle_hidden(state),
        "started_at": state.started_at,
        "settings": json.dumps(s.to_dict(), sort_keys=True),
        "backend_info": json.dumps(backend_info(state), sort_keys=True, default=str),
        **dict(zip(("cache_hits", "cache_misses"), cache_counts([c.response for c in state.calls]))),
    }


def per_round_row(state: DebateState, ident: dict[str, Any], round_no: int, sol: Solution,
                  rejected: list[Solution]) -> dict[str, Any]:
    """The common per-round columns of one agent's solution in one round."""
    agent = state.agent(sol.agent_id)
    thrown = next((r for r in rejected if r.agent_id == sol.agent_id), None)
    return {
        "debate_id": ident["debate_id"], "experiment": ident["experiment"], "task_id": state.task.id,
        "difficulty": state.task.difficulty, "agent_id": agent.id, "model": agent.model,
        "role": _role(state, sol), "round_num": round_no, "is_revision": round_no > 1,
        "pass_rate": sol.pass_rate, "tests_passed": sol.passed, "tests_total": sol.result.total,
        "hidden_pass_rate": sol.hidden_result.pass_rate if sol.hidden_result else NAN,
        "status": _status(sol), "generation_time": sol.generation_time,
        "code_chars": sum(len(v) for v in sol.files.values()), "was_truncated": sol.hit_token_limit or sol.truncated,
        "is_historical_best_reuse": sol.is_reuse, "revert_reason": sol.revert_reason,
        "rejected_pass_rate": thrown.pass_rate if thrown else NAN,
        "temperature": sol.temperature, "pylint_score": _opt(sol.result.pylint_score),
        "complexity": _opt(sol.result.complexity), "prompt_tokens": sol.prompt_tokens,
        "completion_tokens": sol.completion_tokens, "code": sol.code_text(),
        "test_outcomes": outcomes_json(sol),
        **received(state, round_no, sol),
    }


def received(state: DebateState, round_no: int, sol: Solution) -> dict[str, str]:
    """The votes and critiques one agent's solution got in one round, as JSON lists."""
    rnd = next(r for r in state.rounds if r.number == round_no)
    agent = state.agent(sol.agent_id)
    rule = VotingRule.from_settings(state.settings)
    candidate = Candidate(agent.number, sol.pass_rate, sol.all_passed, sol.result.pylint_score)
    votes = [{"voter": v.voter, "confidence": v.confidence, "weight": round(rule.weight(v, candidate), 6)}
             for v in rnd.votes if v.choice == agent.number]
    critiques = [{"critic": c.critic_id, "bugs": [{"text": b.text, "grounded": b.grounded} for b in c.bugs]}
                 for c in rnd.critiques if c.target_id == sol.agent_id]
    return {"votes_received": json.dumps(votes), "critiques_received": json.dumps(critiques)}


def outcomes_json(sol: Solution) -> str:
    """Per-test outcomes of a solution as JSON: visible always, hidden when it was scored."""
    out = {"visible": {t.name: t.outcome.value for t in sol.result.tests}}
    if sol.hidden_result is not None:
        out["hidden"] = {t.name: t.outcome.value for t in sol.hidden_result.tests}
    return json.dumps(out, sort_keys=True)


def transcript_row(debate_id: str, call: CallRecord) -> dict[str, Any]:
    """One model call as a transcript row."""
    req, resp = call.request, call.response
    return {
        "debate_id": debate_id, "call_index": call.index, "agent_id": call.agent.id, "model": call.agent.model,
        "role": call.agent.role, "phase": call.phase, "round_num": call.round,
        "temperature": req.temperature, "seed": req.seed,
        "prompt_tokens": resp.prompt_tokens, "completion_tokens": resp.completion_tokens,
        "seconds": resp.seconds, "finish_reason": resp.finish_reason,
        "prompt": json.dumps([{"role": m.role, "content": m.content} for m in req.messages], ensure_ascii=False),
        "reply": resp.text,
    }


def build_records(state: DebateState, ident: dict[str, Any], extensions: Sequence[RecordExtension] = (),
                  execution_seconds: float = 0.0) -> RunRecords:
    """The three tables of a finished run: common columns plus each extension's columns."""
    summary = summary_row(state, ident, execution_seconds)
    for ext in extensions:
        summary.update(ext.fill_summary(state))
    per_round = []
    for rnd in state.rounds:
        for sol in rnd.solutions.values():
            row = per_round_row(state, ident, rnd.number, sol, rnd.rejected)
            for ext in extensions:
                row.update(ext.fill_per_round(state, sol))
            per_round.append(row)
    calls = sorted(state.calls, key=lambda c: c.index)
    transcript = [transcript_row(ident["debate_id"], c) for c in calls]
    return RunRecords(pd.DataFrame([summary]), pd.DataFrame(per_round), pd.DataFrame(transcript))
