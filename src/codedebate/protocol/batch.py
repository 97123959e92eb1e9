"""Lock-step batches: several tasks advance round by round together, so a batch-level stop rule
(the stability rule, ``codedebate.stability``) can act after every round.

Each task still runs its protocol's own phases and stop rules (a task whose judges all agree
stops); a stopped task carries its last count of correct agents forward. When the stability
rule fires, every task still running stops with reason ``stability`` and is finished as usual
(final answer, hidden scoring). Records are built per task, with the batch columns below.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from codedebate.backends.base import Backend
from codedebate.records import RunRecords
from codedebate.stability import RoundReport, StabilityRule, StabilitySettings, carry_forward
from codedebate.tasks import AnyTask

from .context import AsyncExecutor, ProgressSink, RunContext, no_progress
from .extensions import RecordExtension
from .orchestrator import finish_run, run_round, start_state
from .registry import Protocol, get_protocol
from .run_records import build_records
from .runner import code_version, make_debate_id
from .settings import DebateSettings, SettingsError
from .state import DebateState


def correct_count(state: DebateState) -> int:
    """s of a task now: agents whose latest answer is correct on the visible checks (code: passes
    every visible test, label-free; judged pairs: equals the gold preference)."""
    latest = state.latest()
    return sum(1 for a in state.agents if a.id in latest and latest[a.id].all_passed)


@dataclass
class BatchRun:
    """A finished batch: each task's state and context, and what the stability rule saw."""

    batch_id: str
    states: list[DebateState]
    contexts: list[RunContext]
    stability: StabilitySettings | None
    reports: list[RoundReport] = field(default_factory=list)

    @property
    def stop_round(self) -> int:
        """The round after which the stability rule stopped the batch (0: it never did)."""
        return self.reports[-1].round if self.reports and self.reports[-1].stop else 0

    def marker(self) -> dict[str, Any]:
        """The batch marker: members, settings, and the rule's per-round trace (JSON-ready)."""
        def clean(v: Any) -> Any:
            return None if isinstance(v, float) and math.isnan(v) else v

        return {"batch_id": self.batch_id, "tasks": [s.task.id for s in self.states],
                "stability": self.stability.to_dict() if self.stability else None,
                "stop_round": self.stop_round,
                "rounds_run": max(len(s.rounds) for s in self.states),
                "status": {s.task.id: s.stop_reason for s in self.states},
                "rule": [{k: clean(v) for k, v in r.as_row().items()} for r in self.reports]}


def batch_id_of(experiment: str, task_ids: Sequence[str], seed: int, config_hash: str,
                stability: StabilitySettings | None) -> str:
    key = json.dumps([experiment, list(task_ids), seed, config_hash, stability.to_dict() if stability else None])
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _tagged(progress: ProgressSink, task_id: str) -> ProgressSink:
    def sink(event: str, **info: Any) -> None:
        progress(event, task=task_id, **info)

    return sink


async def run_batch(protocol: Protocol, tasks: Sequence[AnyTask], settings: DebateSettings,
                    backend_for: Callable[[str], Backend], executor: AsyncExecutor,
                    stability: StabilitySettings | None = None, batch_id: str = "",
                    progress: ProgressSink = no_progress) -> BatchRun:
    """Run ``protocol`` on all ``tasks`` in lock step; consult the stability rule after each round."""
    ids = [t.id for t in tasks]
    if not tasks:
        raise SettingsError("batch", "tasks", "a batch needs at least one task")
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise SettingsError("batch", "tasks", f"task ids must be unique in a batch; repeated: {', '.join(dupes)}")
    started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    states, contexts = [], []
    for task in tasks:
        states.append(start_state(protocol, task, settings, backend_for, started_at=started))
        contexts.append(RunContext(executor=executor, progress=_tagged(progress, task.id)))
    run = BatchRun(batch_id, states, contexts, stability)
    rule = StabilityRule(stability, n=len(states[0].agents)) if stability else None
    counts: dict[str, int] = {}
    round_no = 0
    active = list(zip(states, contexts))
    while active:
        round_no += 1
        await asyncio.gather(*(run_round(protocol, st, ctx, round_no) for st, ctx in active))
        if rule is not None:
            now = {st.task.id: (correct_count(st) if any(st is a for a, _ in active) else None) for st in states}
            counts = carry_forward(counts, now)
            report = rule.observe([counts[i] for i in ids])
            run.reports.append(report)
            chosen = report.ks_mixture if rule.settings.distance == "mixture" else report.ks_empirical
            progress("stability", round=round_no, distance=chosen, stop=report.reason)
            if report.stop:
                for st, _ in active:
                    st.stop_reason = st.stop_reason or report.reason
        active = [(st, ctx) for st, ctx in active if not st.stop_reason]
    await asyncio.gather(*(finish_run(protocol, st, ctx) for st, ctx in zip(states, contexts)))
    return run


# --------------------------------------------------------------------------- records

BATCH_SUMMARY = (
    ("batch_id", "string", "batch: id of the lock-step batch the run belonged to"),
    ("batch_size", "Int64", "batch: number of tasks in the batch"),
    ("batch_stop_round", "Int64", "batch: round after which the stability rule stopped the batch (0: never)"),
    ("stability", "string", "batch: JSON of the stability rule's settings (empty: rule off)"),
)
BATCH_PER_ROUND = (
    ("stability_ks_mixture", "Float64", "batch: KS distance of the fitted Beta mixtures, this round vs the previous"),
    ("stability_ks_empirical", "Float64", "batch: KS distance of the empirical CDFs of s, this round vs the previous"),
)


def batch_extension(run: BatchRun) -> RecordExtension:
    """The batch columns of one batch's runs."""
    by_round = {r.round: r for r in run.reports}
    nan = float("nan")

    def summary(state: DebateState) -> dict[str, Any]:
        return {"batch_id": run.batch_id, "batch_size": len(run.states), "batch_stop_round": run.stop_round,
                "stability": json.dumps(run.stability.to_dict(), sort_keys=True) if run.stability else ""}

    def per_round(state: DebateState, sol: Any) -> dict[str, Any]:
        r = by_round.get(sol.round)
        return {"stability_ks_mixture": nan if r is None or r.ks_mixture is None else r.ks_mixture,
                "stability_ks_empirical": nan if r is None or r.ks_empirical is None else r.ks_empirical}

    return RecordExtension("batch", BATCH_SUMMARY, BATCH_PER_ROUND, summary, per_round)


async def execute_batch(tasks: Sequence[AnyTask], settings: DebateSettings, *, backend_for: Callable[[str], Backend],
                        executor: AsyncExecutor, stability: StabilitySettings | None = None,
                        experiment: str = "default", task_sets: Sequence[str] = (),
                        progress: ProgressSink = no_progress) -> tuple[BatchRun, list[RunRecords]]:
    """Run a batch and build each task's records (nothing is written here)."""
    protocol = get_protocol(settings)
    config_hash = settings.config_hash()
    batch_id = batch_id_of(experiment, [t.id for t in tasks], settings.seed, config_hash, stability)
    run = await run_batch(protocol, tasks, settings, backend_for, executor, stability, batch_id, progress)
    extensions = (*protocol.extensions, batch_extension(run))
    records = []
    sets = list(task_sets) or [""] * len(tasks)
    for state, ctx, task_set in zip(run.states, run.contexts, sets):
        ident = {"debate_id": make_debate_id(experiment, state.task.id, settings.seed, config_hash),
                 "experiment": experiment, "task_set": task_set, "mode": protocol.mode, "protocol": protocol.name,
                 "config_hash": config_hash, "code_version": code_version()}
        records.append(build_records(state, ident, extensions, ctx.execution_seconds))
    return run, records
