"""One run end to end: build the protocol, run it, and turn the finished state into records.

The records (summary / per_round / transcript, see ``records.py``) describe themselves: seed,
models, config hash and code version are in every summary row.
"""

from __future__ import annotations

import hashlib
import json
import math
import subprocess
from collections.abc import Callable
from pathlib import Path
from statistics import mean

import pandas as pd

from codedebate import __version__
from codedebate.backends.base import Backend
from codedebate.backends.recording import CallLog
from codedebate.protocol import DebateSettings, DebateState, RunContext, get_protocol, run_protocol
from codedebate.protocol.context import AsyncExecutor, ProgressSink, no_progress
from codedebate.protocol.state import Solution
from codedebate.protocol.stop_rules import CONSENSUS, EARLY_STOP
from codedebate.records import RunRecords
from codedebate.tasks import Task

NAN = float("nan")


def code_version() -> str:
    """Package version plus the git commit of the source tree ('+unknown' outside git)."""
    here = Path(__file__).resolve().parent
    try:
        sha = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                             text=True, timeout=5, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        sha = ""
    return f"{__version__}+{sha or 'unknown'}"


def make_debate_id(experiment: str, task_id: str, seed: int, config_hash: str) -> str:
    """Deterministic run id: the same experiment, task, seed and settings give the same id."""
    key = f"{experiment}\x1f{task_id}\x1f{seed}\x1f{config_hash}".encode()
    return hashlib.sha256(key).hexdigest()[:16]


async def execute_run(
    task: Task,
    settings: DebateSettings,
    *,
    backend_for: Callable[[str], Backend],
    executor: AsyncExecutor,
    experiment: str = "default",
    task_set: str = "",
    progress: ProgressSink = no_progress,
) -> tuple[DebateState, RunRecords]:
    """Run the protocol the settings name on one task and build its records."""
    protocol = get_protocol(settings)
    ctx = RunContext(executor=executor, progress=progress)
    state = await run_protocol(protocol, task, settings, backend_for, ctx)
    records = build_records(state, protocol.name, protocol.mode, experiment, task_set, ctx.execution_seconds)
    return state, records


def _rate(values: list[float]) -> float:
    return mean(values) if values else NAN


def _opt(value: float | None) -> float:
    return NAN if value is None else float(value)


def _status(sol: Solution) -> str:
    if not sol.result.compiles:
        return "syntax_error"
    if sol.all_passed:
        return "passed"
    return "partial" if sol.passed else "failed"


def _role(state: DebateState, sol: Solution) -> str:
    agent = state.agent(sol.agent_id)
    return f"{agent.role}:{agent.focus}" if agent.focus else agent.role


def build_records(state: DebateState, protocol: str, mode: str, experiment: str, task_set: str,
                  execution_seconds: float = 0.0) -> RunRecords:
    """The three record tables of a finished run."""
    s, task = state.settings, state.task
    config_hash = s.config_hash()
    debate_id = make_debate_id(experiment, task.id, s.seed, config_hash)
    final, initial = state.final, state.best_initial
    assert final is not None and initial is not None, "build_records needs a finished run"
    round1 = list(state.rounds[0].solutions.values())
    last_vote = next((r.vote_outcome for r in reversed(state.rounds) if r.vote_outcome), None)
    consensus_round = next((r.number for r in state.rounds if r.vote_outcome and r.vote_outcome.consensus), 0)
    generated = state.generated()
    prompt_tokens = sum(c.response.prompt_tokens for c in state.calls)
    completion_tokens = sum(c.response.completion_tokens for c in state.calls)
    hidden_rate = final.hidden_result.pass_rate if final.hidden_result else NAN
    final_rate = final.pass_rate
    avg_initial = _rate([x.pass_rate for x in round1])
    summary = {
        "debate_id": debate_id, "experiment": experiment, "source": "codedebate",
        "task_id": task.id, "task_name": task.name, "difficulty": task.difficulty, "task_set": task_set,
        "mode": mode, "protocol": protocol,
        "agent_models": ",".join(a.model for a in state.agents),
        "judge_model": state.judge.model if state.judge else "", "num_agents": len(state.agents),
        "seed": s.seed,
        "final_pass_rate": final_rate, "tests_passed": final.passed, "tests_total": final.result.total,
        "hidden_pass_rate": hidden_rate,
        "hidden_tests_passed": final.hidden_result.passed if final.hidden_result else None,
        "hidden_tests_total": len(task.hidden_tests),
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
        "config_hash": config_hash, "code_version": code_version(), "started_at": state.started_at,
        "settings": json.dumps(s.to_dict(), sort_keys=True),
        "backend_info": json.dumps(backend_info(state), sort_keys=True, default=str),
    }
    per_round = [_round_row(state, debate_id, experiment, rnd.number, sol, rnd.rejected)
                 for rnd in state.rounds for sol in rnd.solutions.values()]
    log = CallLog(debate_id)
    for c in state.calls:
        log.record(c.request, c.response, call_index=c.index)
    return RunRecords(pd.DataFrame([summary]), pd.DataFrame(per_round), log.frame())


def backend_info(state: DebateState) -> dict[str, dict]:
    """Each model's backend description (GGUF checksum, Ollama host, versions) for provenance."""
    info: dict[str, dict] = {}
    for agent in state.participants:
        if agent.model not in info:
            describe = getattr(agent.backend, "describe", None)
            info[agent.model] = describe() if callable(describe) else {"name": agent.model}
    return info


def _mean_opt(values: list[float | None]) -> float:
    present = [v for v in values if v is not None and not math.isnan(v)]
    return mean(present) if present else NAN


def _round_row(state: DebateState, debate_id: str, experiment: str, round_no: int, sol: Solution,
               rejected: list[Solution]) -> dict:
    agent = state.agent(sol.agent_id)
    thrown = next((r for r in rejected if r.agent_id == sol.agent_id), None)
    return {
        "debate_id": debate_id, "experiment": experiment, "task_id": state.task.id,
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
    }
