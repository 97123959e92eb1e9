"""CI quality gates over the benchmark (tasks/, tasks2/): shape, references, stubs, mutations."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks.quality import TaskReport, check_tasks, structure_problems
from codedebate.tasks.table import task_table_markdown
from codedebate.tasks import Task, TaskError, load_tasks

ROOT = Path(__file__).resolve().parents[2]
SETS = {"tasks": ROOT / "tasks", "tasks2": ROOT / "tasks2"}
REFS = ROOT / "references"


def _load() -> tuple[dict[str, list[Task]], str]:
    try:
        return {name: load_tasks(path) for name, path in SETS.items()}, ""
    except TaskError as exc:
        return {name: [] for name in SETS}, str(exc)


LOADED, LOAD_ERROR = _load()
UNIQUE = {t.id: t for tasks in LOADED.values() for t in tasks}
IDS = sorted(UNIQUE)


def test_task_sets_load():
    assert not LOAD_ERROR, LOAD_ERROR
    assert all(LOADED.values())


def test_shared_tasks_are_the_same_file():
    paths = {name: {t.id: Path(t.source_path) for t in tasks} for name, tasks in LOADED.items()}
    shared = set(paths["tasks"]) & set(paths["tasks2"])
    differ = [i for i in sorted(shared) if paths["tasks"][i].read_bytes() != paths["tasks2"][i].read_bytes()]
    assert not differ, f"tasks in both sets must be identical files: {differ}"


def test_set_composition():
    count = {name: Counter(t.difficulty for t in tasks) for name, tasks in LOADED.items()}
    assert count["tasks"] == {"easy": 15, "medium": 15, "hard": 15, "extreme": 15}
    assert count["tasks2"] == {"hard": 20, "extreme": 40}
    shared = {t.id for t in LOADED["tasks"]} & {t.id for t in LOADED["tasks2"]}
    assert Counter(UNIQUE[i].difficulty for i in shared) == {"hard": 15, "extreme": 15}
    assert len(UNIQUE) == 90


def test_files_per_difficulty():
    wrong = [f"{t.id} ({t.difficulty}): {len(t.file_names)} files" for t in UNIQUE.values()
             if (2 <= len(t.file_names) <= 3) != (t.difficulty == "extreme")]
    assert not wrong, "extreme tasks need 2-3 modules, the others one: " + "; ".join(wrong)


@pytest.mark.parametrize("name", sorted(SETS))
def test_mean_visible_tests_near_nine(name):
    tasks = LOADED[name]
    assert tasks, LOAD_ERROR or f"{name} is empty"
    mean = sum(len(t.tests) for t in tasks) / len(tasks)
    assert 8.0 <= mean <= 10.0, f"{name}: mean visible tests {mean:.2f}"


def test_structure_of_every_task():
    problems = [p for t in UNIQUE.values() for p in structure_problems(t)]
    assert not problems, "\n".join(problems)


def test_no_reference_inside_task_json():
    leaks = [f"{t.source_path}: {sorted(t.extra)}" for t in UNIQUE.values()
             if {"reference", "solution", "canonical_solution", "mutations"} & set(t.extra)]
    assert not leaks, leaks


def test_every_reference_folder_belongs_to_a_task():
    folders = {p.name for p in REFS.iterdir() if p.is_dir()}
    assert not folders - set(UNIQUE), f"reference folders without a task: {sorted(folders - set(UNIQUE))}"
    assert not set(UNIQUE) - folders, f"tasks without references: {sorted(set(UNIQUE) - folders)}"


@pytest.fixture(scope="module")
def reports() -> dict[str, TaskReport]:
    """Every task's gates, run once through the real executor, two tasks at a time."""
    with Executor(ExecutorSettings(timeout_s=30.0, metrics=False), cache_dir=None) as ex:
        return {r.task_id: r for r in check_tasks(UNIQUE.values(), REFS, ex, mutations=True, jobs=2)}


@pytest.mark.parametrize("task_id", IDS)
def test_quality_gates(task_id, reports):
    """Reference passes visible+hidden tests, stub passes none, every mutation fails one."""
    report = reports[task_id]
    assert report.ok, report.summary()


def test_task_table_is_up_to_date():
    committed = (ROOT / "tasks" / "README.md").read_text(encoding="utf-8")
    assert committed == task_table_markdown(list(SETS.values())), (
        "tasks/README.md is out of date; run: codedebate task-table --output tasks/README.md"
    )
