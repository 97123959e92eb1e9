"""Fixtures for the pipeline tests (helpers live in pipeline_helpers.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pipeline_helpers import EASY_TASKS, REPO_ROOT


@pytest.fixture
def task_dir(tmp_path: Path) -> Path:
    """A task set of three easy tasks copied from tasks/easy."""
    out = tmp_path / "tiny_tasks" / "easy"
    out.mkdir(parents=True)
    for task_id in EASY_TASKS:
        shutil.copy(REPO_ROOT / "tasks" / "easy" / f"{task_id}.json", out / f"{task_id}.json")
    return out.parent
