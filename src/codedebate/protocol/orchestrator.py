"""The orchestrator: a short loop over a protocol's phases until one of its stop rules fires."""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Callable

from codedebate.backends.base import Backend
from codedebate.executor.results import ExecutionResult
from codedebate.tasks import Task, kind_of

from .context import RunContext
from .registry import Protocol
from .selection import best_initial
from .settings import DebateSettings
from .state import DebateState, Round
from .stop_rules import first_reason


def start_state(protocol: Protocol, task: Task, settings: DebateSettings,
                backend_for: Callable[[str], Backend], started_at: str = "") -> DebateState:
    """A fresh state: the protocol's cast of agents (and judge) on ``task``."""
    agents, judge = protocol.cast(settings, backend_for)
    started_at = started_at or dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    return DebateState(task=task, settings=settings, agents=agents, judge=judge, started_at=started_at)


async def run_round(protocol: Protocol, state: DebateState, ctx: RunContext, round_no: int) -> None:
    """One round: the protocol's phases for it, then its stop rules (sets ``state.stop_reason``)."""
    state.rounds.append(Round(round_no))
    ctx.progress("round", round=round_no)
    for phase in protocol.phases_for(round_no):
        ctx.progress("phase", round=round_no, phase=phase.name)
        await phase.run(state, ctx)
    state.current.duration = time.monotonic() - state.current.started
    state.stop_reason = first_reason(protocol.stop_rules, state)


async def finish_run(protocol: Protocol, state: DebateState, ctx: RunContext) -> None:
    """After the last round: pick the final answer, hidden-score, time the run."""
    ctx.progress("stop", reason=state.stop_reason, round=state.current.number)
    state.final = protocol.select_final(state)
    state.best_initial = best_initial(state)
    await score_hidden(state, ctx)
    state.duration = time.monotonic() - state.started


async def run_protocol(protocol: Protocol, task: Task, settings: DebateSettings,
                       backend_for: Callable[[str], Backend], ctx: RunContext) -> DebateState:
    """Run ``protocol`` on ``task``; return the finished state (final answer hidden-scored)."""
    state = start_state(protocol, task, settings, backend_for)
    round_no = 0
    while not state.stop_reason:
        round_no += 1
        await run_round(protocol, state, ctx, round_no)
    await finish_run(protocol, state, ctx)
    return state


async def score_hidden(state: DebateState, ctx: RunContext) -> None:
    """Hidden tests, run only now: on the final answer and on the best round-1 proposal."""
    if not kind_of(state.task).has_hidden(state.task):
        return
    ctx.progress("phase", round=state.current.number, phase="hidden tests")
    scored: dict[str, ExecutionResult] = {}  # identical files are scored once
    for sol in {id(s): s for s in (state.final, state.best_initial, *state.generated()) if s is not None}.values():
        key = json.dumps(sol.files, sort_keys=True)
        if key not in scored:  # every candidate, for oracle_hidden: did the run produce a correct one?
            scored[key] = sol.hidden_result or await ctx.test(state.task, sol.files, hidden=True)
        sol.hidden_result = scored[key]
