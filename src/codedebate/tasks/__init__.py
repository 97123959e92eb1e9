"""Tasks: the kinds (code, multiple_choice, pairwise_judge, repository), their loaders and quality gates.

``load_task`` / ``load_tasks`` read any registered kind; ``Task`` is the code kind's model.
"""

from .code import (
    DIFFICULTIES,
    SINGLE_FILE_NAME,
    RequiredFile,
    Task,
    TestCase,
    load_task,
    load_tasks,
    merge_task_sets,
    parse_task,
    parse_tests,
)
from .kinds import AnyTask, TaskError, TaskKind, get_kind, kind_names, kind_of, register_kind

__all__ = [
    "DIFFICULTIES",
    "SINGLE_FILE_NAME",
    "AnyTask",
    "RequiredFile",
    "Task",
    "TaskError",
    "TaskKind",
    "TestCase",
    "get_kind",
    "kind_names",
    "kind_of",
    "load_task",
    "load_tasks",
    "merge_task_sets",
    "parse_task",
    "parse_tests",
    "register_kind",
]
