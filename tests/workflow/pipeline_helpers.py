"""Helpers for the pipeline tests: scripted-backend scripts, configs, snakemake runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
SNAKEFILE = REPO_ROOT / "workflow" / "Snakefile"
VENV_BIN = Path(sys.executable).parent
EASY_TASKS = ("digital_root", "run_lengths", "caesar_shift")


def passing_script(task_id: str) -> dict:
    """A scripted-backend script whose proposals are the task's reference (round 1 passes)."""
    code = (REPO_ROOT / "references" / task_id / "solution.py").read_text()
    return {"rules": [{"when": {"phase": "propose"}, "reply": f"```python\n{code}\n```"}]}


#: A script with no reply at all: the first model call raises BackendError, the cell fails.
EMPTY_SCRIPT: dict = {"rules": []}


def write_script(path: Path, script: dict) -> str:
    path.write_text(json.dumps(script))
    return f"scripted:{path}"


def write_config(path: Path, data: dict) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def snakemake_env() -> dict[str, str]:
    """PATH with this venv first, so rules find `codedebate` and the plugins."""
    return dict(os.environ, PATH=f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}")


def run_snakemake(workdir: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    cmd = [str(VENV_BIN / "snakemake"), "-s", str(SNAKEFILE), "--directory", str(workdir), *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=snakemake_env(), timeout=timeout, cwd=workdir)


def started_jobs(output: str, rule: str, keys: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The ``keys`` wildcards of every ``rule`` job snakemake started, from its log.

    Only job-start headers count (a line that is exactly ``rule NAME:`` or ``localrule NAME:``);
    ``Error in rule NAME:`` blocks repeat a failed job and are skipped. A header's wildcards are
    read from its own block, which ends at the first blank line.
    """
    found = []
    lines = [line.strip() for line in output.splitlines()]
    for i, line in enumerate(lines):
        if line not in (f"rule {rule}:", f"localrule {rule}:"):
            continue
        for item in lines[i + 1:]:
            if not item:
                break
            if item.startswith("wildcards:"):
                kv = dict(p.strip().split("=", 1) for p in item[len("wildcards:"):].split(","))
                found.append(tuple(kv[k] for k in keys))
                break
    return found


def executed_cells(output: str) -> list[tuple[str, ...]]:
    """(experiment, task, seed) of every `rule cell` job snakemake started."""
    return started_jobs(output, "cell", ("experiment", "task", "seed"))


def references_script(task_ids: tuple[str, ...] | list[str]) -> dict:
    """One script for several tasks: each proposal holds every task's reference, so round 1 passes."""
    code = "\n\n".join((REPO_ROOT / "references" / t / "solution.py").read_text() for t in task_ids)
    answer = f"```python\n{code}\n```"
    # later phases only run if a loaded machine times a test out; they keep the same answer
    return {"rules": [
        {"when": {"phase": "propose"}, "reply": answer},
        {"when": {"phase": "revise"}, "reply": answer},
        {"when": {"phase": "critique"}, "reply": "No bugs found: every listed test passes."},
        {"when": {"phase": "vote"}, "reply": "VOTE: agent_1\nCONFIDENCE: 0.9\nREASONING: passes the tests"},
    ]}


def scripted_experiment(model: str, tasks: list[str], task_set: str = "tiny", **settings: object) -> dict:
    """An experiment of three scripted proposers on some tasks."""
    return {"settings": {"agents": [model] * 3, "max_rounds": 2, **settings}, "task_sets": [task_set], "tasks": tasks}
