"""Pylint score and Radon complexity are measured, and pylint pragmas cannot raise the score."""

from __future__ import annotations

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.executor.metrics import mean_complexity, strip_pragmas

from .conftest import make_task

MESSY = "import os, sys\ndef add(a,b):\n    x=1\n    if a:\n        if b:\n            return a+b\n    return a+b\n"


@pytest.fixture(scope="module")
def metric_executor():
    ex = Executor(ExecutorSettings(timeout_s=5.0, metrics=True))
    yield ex
    ex.close()


def test_metrics_present_and_ordered(metric_executor):
    task = make_task(["def test_a():\n    assert add(1, 2) == 3\n"])
    clean = metric_executor.run(task, {"solution.py": "def add(a, b):\n    return a + b\n"})
    messy = metric_executor.run(task, {"solution.py": MESSY})
    assert clean.pylint_score == 10.0
    assert 0.0 <= messy.pylint_score < clean.pylint_score
    assert clean.complexity == 1.0 and messy.complexity == 3.0


def test_pragmas_do_not_raise_score(metric_executor):
    task = make_task(["def test_a():\n    assert add(1, 2) == 3\n"])
    plain = metric_executor.run(task, {"solution.py": MESSY})
    gamed = metric_executor.run(task, {"solution.py": "# pylint: disable=all\n" + MESSY})
    assert gamed.pylint_score == pytest.approx(plain.pylint_score, abs=0.01)


def test_strip_pragmas_keeps_lines():
    src = "x = 1  # pylint: disable=invalid-name\ny = '# pylint: not a comment'\n"
    out = strip_pragmas(src)
    assert out.splitlines()[0].rstrip() == "x = 1  #"
    assert out.splitlines()[1] == src.splitlines()[1]


def test_complexity_of_broken_code_is_none():
    assert mean_complexity(["def f(:\n"]) is None
    assert mean_complexity(["x = 1\n"]) == 1.0
