"""Gates of the repository benchmark (tasks_repo/): each bug is real, each reference patch fixes it,
and the repository's other tests pass before and after; plus the benchmark's shape."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.repo.graph import build_graph
from codedebate.repo.scoring import check_gates
from codedebate.tasks import load_tasks
from codedebate.tasks.repository import CATEGORIES, is_test_file

ROOT = Path(__file__).resolve().parents[2] / "tasks_repo"
TASKS = load_tasks(ROOT)


@pytest.fixture(scope="module")
def executor():
    with Executor(ExecutorSettings(timeout_s=60.0, metrics=False), cache_dir=None) as ex:
        yield ex


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_gates(task, executor):
    report = asyncio.run(check_gates(task, executor))
    assert report.unpatched_visible_fails, "the unpatched repository passes its visible tests: no bug shows"
    assert report.others_pass_unpatched, f"other tests fail before the patch: {report.notes}"
    assert report.reference_passes_visible, f"the reference patch fails visible tests: {report.notes}"
    assert report.reference_passes_hidden, f"the reference patch fails hidden tests: {report.notes}"
    assert report.others_pass_patched, f"the reference patch breaks other tests: {report.notes}"


@pytest.mark.parametrize("task", TASKS, ids=[t.id for t in TASKS])
def test_shape(task):
    files = task.source_files()
    code = {p: t for p, t in files.items() if not is_test_file(p) and not p.startswith(("tests/", "hidden/"))}
    lines = sum(len(t.splitlines()) for t in files.values()) + sum(
        len((task.repo / p).read_text().splitlines()) for p in task.hidden_tests)
    assert 5 <= len(code) <= 15, f"{len(code)} modules"
    assert 300 <= lines <= 1500, f"{lines} lines"
    assert task.category in CATEGORIES and task.reference_patch and task.hidden_tests and task.other_tests()
    graph = build_graph(files)
    gold = graph.find(task.gold["file"], task.gold["function"])
    assert gold is not None and gold.kind == "function", f"gold {task.gold} is not a function of the repository"
    assert not any(p.startswith("hidden/") for p in files), "hidden tests must not be shown"
    assert task.gold["file"] not in task.issue, "the issue reports a symptom, not the location"


def test_ids_unique_and_every_category_present():
    assert len({t.id for t in TASKS}) == len(TASKS)
    counts = Counter(t.category for t in TASKS)
    assert set(counts) == set(CATEGORIES), counts
