"""Fixtures for protocol tests: the real executor and the tiny tasks of data/."""

from __future__ import annotations

import pytest

from codedebate.tasks import Task, load_task

from .helpers import DATA, make_executor


@pytest.fixture(scope="session")
def executor():
    ex = make_executor()
    yield ex
    close = getattr(ex, "close", None)
    if callable(close):
        close()


@pytest.fixture(scope="session")
def add_task() -> Task:
    return load_task(DATA / "add_easy.json")


@pytest.fixture(scope="session")
def pair_task() -> Task:
    return load_task(DATA / "pair_multi.json")
