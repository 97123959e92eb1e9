"""Quality gates: references, stubs, mutations, and check_task verdicts through the real executor."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks.quality import (
    Mutation,
    QualityError,
    check_task,
    check_tasks,
    load_mutations,
    load_reference,
    structure_problems,
    stub_of,
    stub_source,
)
from codedebate.tasks import parse_task

CLAMP_REF = '''\
LIMIT = 100


def clamp(x: int, lo: int = 0, hi: int = LIMIT) -> int:
    """Clamp x into [lo, hi]."""
    if lo > hi:
        raise ValueError("lo > hi")
    return max(lo, min(x, hi))
'''

CLAMP_TESTS = [
    "def test_inside():\n    assert clamp(5, 0, 10) == 5",
    "def test_below():\n    assert clamp(-3, 0, 10) == 0",
    "def test_above():\n    assert clamp(30, 0, 10) == 10",
    "def test_bad_bounds():\n    with pytest.raises(ValueError):\n        clamp(1, 5, 2)",
]
CLAMP_HIDDEN = ["def test_hidden_default_limit():\n    assert clamp(500) == 100"]
CLAMP_MUTATIONS = [
    {"file": "solution.py", "find": "if lo > hi:", "replace": "if lo > hi + 10:", "why": "bound check too lax"},
    {"find": "min(x, hi)", "replace": "min(x, hi + 1)", "why": "upper bound off by one"},
]


def make_task(tmp_path: Path, *, tests=CLAMP_TESTS, hidden=CLAMP_HIDDEN, ref=CLAMP_REF, mutations=CLAMP_MUTATIONS,
              task_id="clamp_value"):
    """A task plus its references folder under tmp_path; returns (task, refs_dir)."""
    data = {"id": task_id, "name": "Clamp", "difficulty": "easy", "description": "Clamp x.",
            "signature": "def clamp(x: int, lo: int = 0, hi: int = 100) -> int", "tests": tests, "hidden_tests": hidden}
    refs = tmp_path / "references"
    folder = refs / task_id
    folder.mkdir(parents=True)
    if ref is not None:
        (folder / "solution.py").write_text(ref)
    if mutations is not None:
        (folder / "mutations.json").write_text(json.dumps(mutations))
    return parse_task(data, tmp_path / f"{task_id}.json"), refs


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor]:
    with Executor(ExecutorSettings(timeout_s=30.0, metrics=False), cache_dir=None) as ex:
        yield ex


# --------------------------------------------------------------------------- stubs


def test_stub_replaces_bodies_and_keeps_shape():
    source = '''\
import math
RATE = 3
NAMES = ("a", "b")


def area(r: float, *, exact: bool = False) -> float:
    """Area of a circle."""
    def helper():
        return 1
    return math.pi * r * r


class Shape:
    sides: int = 0

    def __init__(self, n):
        self.n = n

    @property
    def double(self):
        return self.n * 2

    async def fetch(self):
        return await self.other()
'''
    stub = stub_source(source)
    tree = ast.parse(stub)
    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert sorted(f.name for f in funcs) == ["__init__", "area", "double", "fetch"]  # nested helper gone
    for f in funcs:
        last = f.body[-1]
        assert isinstance(last, ast.Raise) and last.exc.id == "NotImplementedError"
        assert len(f.body) <= 2  # optional docstring + raise
    assert "RATE = 3" in stub and "NAMES = ('a', 'b')" in stub and "import math" in stub
    assert "sides: int = 0" in stub and "@property" in stub
    assert "def area(r: float, *, exact: bool=False) -> float:" in stub
    assert '"""Area of a circle."""' in stub
    assert "math.pi" not in stub and "self.n = n" not in stub


def test_stub_of_runs_every_file_and_raises():
    files = stub_of({"a.py": "def f():\n    return 1\n", "b.py": "X = 2\n"})
    assert set(files) == {"a.py", "b.py"} and files["b.py"] == "X = 2\n"
    namespace: dict = {}
    exec(files["a.py"], namespace)
    with pytest.raises(NotImplementedError):
        namespace["f"]()


# --------------------------------------------------------------------------- references


def test_load_reference_single_file(tmp_path):
    task, refs = make_task(tmp_path)
    assert load_reference(task, refs) == {"solution.py": CLAMP_REF}


def test_load_reference_missing_names_path(tmp_path):
    task, refs = make_task(tmp_path, ref=None)
    with pytest.raises(QualityError, match=r"references/clamp_value/solution\.py: reference file .* missing"):
        load_reference(task, refs)


def test_load_reference_that_does_not_parse(tmp_path):
    task, refs = make_task(tmp_path, ref="def clamp(:\n")
    with pytest.raises(QualityError, match=r"solution\.py: reference does not parse"):
        load_reference(task, refs)


def test_load_reference_multi_file(tmp_path):
    task = parse_task({"id": "two", "name": "n", "difficulty": "extreme", "description": "d",
                       "required_files": ["a.py", "b.py"], "test_imports": ["from b import g"],
                       "tests": ["def test_g():\n    assert g() == 2"]}, tmp_path / "two.json")
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / "a.py").write_text("def f():\n    return 1\n")
    with pytest.raises(QualityError, match=r"two/b\.py: reference file for task 'two' is missing"):
        load_reference(task, tmp_path)
    (tmp_path / "two" / "b.py").write_text("from a import f\n\ndef g():\n    return f() + 1\n")
    assert list(load_reference(task, tmp_path)) == ["a.py", "b.py"]


# --------------------------------------------------------------------------- mutations


def test_load_mutations_defaults_file_for_single_file(tmp_path):
    task, refs = make_task(tmp_path)
    muts = load_mutations(task, refs)
    assert [m.file for m in muts] == ["solution.py", "solution.py"]
    assert [m.index for m in muts] == [0, 1]
    mutated = muts[1].apply({"solution.py": CLAMP_REF})["solution.py"]
    assert "min(x, hi + 1)" in mutated and mutated.count("hi + 1") == 1


def test_mutation_apply_leaves_input_alone():
    files = {"solution.py": "a = 1\n"}
    out = Mutation("solution.py", "1", "2", "why").apply(files)
    assert out == {"solution.py": "a = 2\n"} and files == {"solution.py": "a = 1\n"}


@pytest.mark.parametrize(
    ("mutations", "message"),
    [
        ([{"find": "return", "replace": "yield", "why": "w"}, {"find": "nowhere", "replace": "x", "why": "w"}],
         r"field '\[1\]\.find' must occur exactly once in solution\.py, found 0 times"),
        ([{"find": "hi", "replace": "lo", "why": "w"}], r"field '\[0\]\.find' must occur exactly once .* found \d+ times"),
        ([{"file": "other.py", "find": "x", "replace": "y", "why": "w"}], r"field '\[0\]\.file': 'other\.py' is not one of"),
        ([{"find": "min(x, hi)", "replace": "min(x, hi)", "why": "w"}], r"field '\[0\]\.replace' equals 'find'"),
        ([{"find": "min(x, hi)", "why": "w"}], r"field '\[0\]\.replace' must be a string, got missing"),
        ([{"find": "min(x, hi)", "replace": 3, "why": "w"}], r"field '\[0\]\.replace' must be a string, got a int"),
        (["min(x, hi)"], r"field '\[0\]' must be an object"),
        ({"find": "x"}, r"must hold a JSON list of mutations, got dict"),
    ],
)
def test_bad_mutations_name_file_and_entry(tmp_path, mutations, message):
    task, refs = make_task(tmp_path, mutations=mutations)
    with pytest.raises(QualityError, match=r"clamp_value/mutations\.json: " + message):
        load_mutations(task, refs)


def test_mutations_file_missing_or_not_json(tmp_path):
    task, refs = make_task(tmp_path, mutations=None)
    with pytest.raises(QualityError, match=r"mutations\.json: mutation list for task 'clamp_value' is missing"):
        load_mutations(task, refs)
    (refs / "clamp_value" / "mutations.json").write_text("[{")
    with pytest.raises(QualityError, match=r"mutations\.json: is not valid JSON"):
        load_mutations(task, refs)


# --------------------------------------------------------------------------- check_task


def test_good_task_passes_every_gate(tmp_path, executor):
    task, refs = make_task(tmp_path)
    report = check_task(task, refs, executor)
    assert report.ok, report.summary()
    assert report.visible == (4, 4) and report.hidden == (1, 1)
    assert report.stub_passed == 0 and report.mutations_killed == (2, 2)
    assert [g.gate for g in report.gates] == ["reference", "reference-hidden", "stub", "mutations",
                                              "mutation[0]", "mutation[1]"]


def test_reference_failing_hidden_test_is_reported(tmp_path, executor):
    task, refs = make_task(tmp_path, hidden=["def test_hidden_wrong():\n    assert clamp(500) == 99"])
    report = check_task(task, refs, executor, mutations=False)
    assert not report.ok and report.hidden == (0, 1)
    assert [g.gate for g in report.failures] == ["reference-hidden"]
    assert "test_hidden_wrong" in report.summary()


def test_reference_failing_visible_test_is_reported(tmp_path, executor):
    task, refs = make_task(tmp_path, ref=CLAMP_REF.replace("max(lo,", "max(lo + 1,"))
    report = check_task(task, refs, executor, mutations=False)
    assert report.visible == (3, 4)
    assert report.failures[0].gate == "reference" and "test_below" in report.failures[0].detail


def test_stub_passing_a_weak_test_is_reported(tmp_path, executor):
    weak = "def test_weak():\n    assert callable(clamp)"
    task, refs = make_task(tmp_path, tests=[*CLAMP_TESTS, weak])
    report = check_task(task, refs, executor)
    assert report.stub_passed == 1
    assert [g.gate for g in report.failures] == ["stub"] and "test_weak" in report.failures[0].detail


def test_surviving_mutation_is_reported(tmp_path, executor):
    survivor = {"find": 'raise ValueError("lo > hi")', "replace": 'raise ValueError("bounds")', "why": "message only"}
    task, refs = make_task(tmp_path, mutations=[CLAMP_MUTATIONS[1], survivor])
    report = check_task(task, refs, executor)
    assert report.mutations_killed == (1, 2)
    assert [g.gate for g in report.failures] == ["mutation[1]"]
    assert "survives all 4 visible tests: message only" in report.failures[0].detail


def test_no_mutations_and_broken_mutation_are_reported(tmp_path, executor):
    task, refs = make_task(tmp_path, mutations=[])
    assert [g.gate for g in check_task(task, refs, executor).failures] == ["mutations"]
    task, refs = make_task(tmp_path / "b", mutations=[{"find": "if lo > hi:", "replace": "if lo >", "why": "w"}])
    failures = check_task(task, refs, executor).failures
    assert [g.gate for g in failures] == ["mutation[0]"] and "does not parse" in failures[0].detail


def test_setup_error_becomes_a_failed_gate(tmp_path, executor):
    task, refs = make_task(tmp_path, ref=None)
    report = check_task(task, refs, executor)
    assert [g.gate for g in report.gates] == ["setup"] and "missing" in report.summary()


def test_multi_file_task_gates(tmp_path, executor):
    task = parse_task({
        "id": "shop", "name": "Shop", "difficulty": "extreme", "description": "d",
        "required_files": ["item.py", "cart.py"], "test_imports": ["from item import Item", "from cart import Cart"],
        "tests": ["def test_total():\n    c = Cart()\n    c.add(Item('a', 3), 2)\n    assert c.total() == 6",
                  "def test_empty():\n    assert Cart().total() == 0"],
        "hidden_tests": ["def test_hidden_two_items():\n    c = Cart()\n    c.add(Item('a', 1), 1)\n"
                         "    c.add(Item('b', 2), 3)\n    assert c.total() == 7"],
    }, tmp_path / "shop.json")
    folder = tmp_path / "refs" / "shop"
    folder.mkdir(parents=True)
    (folder / "item.py").write_text("class Item:\n    def __init__(self, name, price):\n"
                                    "        self.name, self.price = name, price\n")
    (folder / "cart.py").write_text("class Cart:\n    def __init__(self):\n        self.lines = []\n\n"
                                    "    def add(self, item, qty):\n        self.lines.append((item, qty))\n\n"
                                    "    def total(self):\n        return sum(i.price * q for i, q in self.lines)\n")
    (folder / "mutations.json").write_text(json.dumps(
        [{"file": "item.py", "find": "self.price = name, price", "replace": "self.price = name, price + 1",
          "why": "price off by one"}]))
    report = check_task(task, tmp_path / "refs", executor)
    assert report.ok, report.summary()
    assert report.visible == (2, 2) and report.stub_passed == 0 and report.mutations_killed == (1, 1)


def test_check_tasks_keeps_order_with_jobs(tmp_path, executor):
    a, refs = make_task(tmp_path, task_id="clamp_a")
    b, _ = make_task(tmp_path / "x", task_id="clamp_b", ref=None)
    seen = []
    reports = check_tasks([a, b], refs, executor, mutations=False, jobs=2, on_report=lambda r: seen.append(r.task_id))
    assert [r.task_id for r in reports] == ["clamp_a", "clamp_b"] and sorted(seen) == ["clamp_a", "clamp_b"]
    assert reports[0].ok and not reports[1].ok


# --------------------------------------------------------------------------- structure


def test_structure_problems(tmp_path):
    task, _ = make_task(tmp_path)
    problems = structure_problems(task)
    assert len(problems) == 1 and "field 'hidden_tests': 1 tests, want 3+" in problems[0]
    bad = parse_task({"id": "BadId", "name": "n", "difficulty": "extreme", "description": "d",
                      "required_files": ["a.py"], "tests": CLAMP_TESTS[:3]}, tmp_path / "bad.json")
    text = "\n".join(structure_problems(bad))
    for expect in ("'BadId' is not snake_case", "3 tests, want 4-16", "0 tests, want 3+",
                   "field 'signature' is empty", "field 'test_imports' is empty"):
        assert expect in text
