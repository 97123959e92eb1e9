"""One run end to end: build the protocol, run it, and turn the finished state into records.

The records (summary / per_round / transcript, see ``records.py``) describe themselves: seed,
models, config hash and code version are in every summary row.
"""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Callable
from pathlib import Path

from codedebate import __version__
from codedebate.backends.base import Backend
from codedebate.records import RunRecords
from codedebate.tasks import Task

from .context import AsyncExecutor, ProgressSink, RunContext, no_progress
from .orchestrator import run_protocol
from .registry import get_protocol
from .run_records import build_records
from .settings import DebateSettings
from .state import DebateState


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
    config_hash = settings.config_hash()
    ident = {"debate_id": make_debate_id(experiment, task.id, settings.seed, config_hash),
             "experiment": experiment, "task_set": task_set, "mode": protocol.mode, "protocol": protocol.name,
             "config_hash": config_hash, "code_version": code_version()}
    records = build_records(state, ident, protocol.extensions, ctx.execution_seconds)
    return state, records


