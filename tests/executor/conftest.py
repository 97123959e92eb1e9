"""Fixtures for executor tests: small inline tasks and a shared executor per module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import Task, parse_task


def make_task(tests: list[str], hidden: list[str] | None = None, **extra) -> Task:
    data = {
        "id": "t", "name": "t", "difficulty": "easy", "description": "d", "signature": "",
        "tests": tests, "hidden_tests": hidden or [], **extra,
    }
    return parse_task(data)


GOOD = "def add(a, b):\n    return a + b\n"  # passes every test of ADD_TASK_TESTS
ADD_TASK_TESTS = [
    "def test_small():\n    assert add(1, 2) == 3\n",
    "def test_negative():\n    assert add(-1, -2) == -3\n",
]


@pytest.fixture(scope="module")
def add_task() -> Task:
    return make_task(ADD_TASK_TESTS, hidden=["def test_zero():\n    assert add(0, 0) == 0\n"])


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    ex = Executor(ExecutorSettings(timeout_s=3.0, metrics=False))
    yield ex
    ex.close()
