"""The repository kind's loader and scoring (real executor), and the SWE-bench-style loader."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import load_task
from codedebate.tasks.kinds import TaskError
from codedebate.tasks.repo_scoring import PRELUDE, bundle_module, collected_tests, module_for_test_file
from codedebate.tasks.swebench import load_swebench

from .fixture_repo import FILES

BUGGY = FILES["shop/prices.py"].replace("* qty", "* (qty - 1)")
EXTRA_TEST = "from shop.prices import unit_price\n\n\ndef test_unit_price():\n    assert unit_price('pear') == 4\n"


def write_repo(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


@pytest.fixture(scope="module")
def executor():
    with Executor(ExecutorSettings(metrics=False), cache_dir=None) as ex:
        yield ex


@pytest.fixture()
def task_file(tmp_path):
    write_repo(tmp_path / "repo", dict(FILES, **{"shop/prices.py": BUGGY, "tests/test_prices.py": EXTRA_TEST,
                                                 "hidden/test_h.py": EXTRA_TEST.replace("test_unit", "test_h")}))
    data = {"kind": "repository", "id": "shop", "issue": "totals are off", "repo": "repo",
            "visible_tests": ["tests/test_checkout.py"], "hidden_tests": ["hidden/test_h.py"],
            "gold": {"file": "shop/prices.py", "function": "line_total"}, "category": "local"}
    path = tmp_path / "task.json"
    path.write_text(json.dumps(data))
    return path, data


def test_loader_and_other_tests(task_file):
    task = load_task(task_file[0])
    assert task.other_tests() == ("tests/test_prices.py",)
    assert "hidden/test_h.py" not in task.source_files()


@pytest.mark.parametrize("change, field", [({"category": "odd"}, "category"), ({"reference_patch": "nope.patch"},
                                           "reference_patch"), ({"gold": {"file": "shop/none.py"}}, "gold.file"),
                                           ({"visible_tests": ["tests/none.py"]}, "visible_tests[0]"),
                                           ({"regression_tests": "tests/test_prices.py"}, "regression_tests")])
def test_loader_errors_name_the_field(task_file, change, field):
    path, data = task_file
    path.write_text(json.dumps({**data, **change}))
    with pytest.raises(TaskError) as info:
        load_task(path)
    assert info.value.field == field


def test_scoring_splits_visible_and_regression_tests_and_ignores_edited_tests(task_file, executor):
    task = load_task(task_file[0])
    from codedebate.tasks import kind_of

    kind = kind_of(task)
    before = asyncio.run(kind.score(task, {}, executor))
    assert before.details["groups"] == {"visible": {"passed": 0, "total": 1}, "regression": {"passed": 1, "total": 1}}
    assert "tests/test_checkout.py::test_checkout" in [t.name for t in before.tests]
    assert "assert 0 == 7" in before.tests[0].message
    cheat = {"tests/test_checkout.py": "def test_checkout():\n    pass\n"}
    assert asyncio.run(kind.score(task, cheat, executor)).details["groups"]["visible"]["passed"] == 0
    fixed = asyncio.run(kind.score(task, {"shop/prices.py": FILES["shop/prices.py"]}, executor))
    assert fixed.all_passed
    hidden = asyncio.run(kind.score(task, {"shop/prices.py": FILES["shop/prices.py"]}, executor, hidden=True))
    assert [t.name for t in hidden.tests] == ["hidden/test_h.py::test_h_price"] and hidden.all_passed
    assert (task.repo / "shop/prices.py").read_text() == BUGGY  # the repository folder is never written


def test_test_module_keeps_future_imports_first_and_lists_class_tests():
    src = "from __future__ import annotations\nimport x\n\n\ndef test_a():\n    pass\n\n\nclass TestB:\n    def test_c(self):\n        pass\n"
    assert module_for_test_file(src).startswith("from __future__ import annotations\n" + PRELUDE)
    assert collected_tests(src) == ("test_a", "test_c")
    assert "base64" in bundle_module({"a.py": "x = 1\n"})


def instance(tmp_path: Path, **over) -> Path:
    data = {"instance_id": "acme/shop-1", "problem_statement": "pears cost nothing",
            "FAIL_TO_PASS": json.dumps(["tests/test_new.py::test_pear"]),
            "PASS_TO_PASS": ["tests/test_checkout.py::test_checkout"],
            "test_patch": ("diff --git a/tests/test_new.py b/tests/test_new.py\nnew file mode 100644\n"
                           "--- /dev/null\n+++ b/tests/test_new.py\n@@ -0,0 +1,2 @@\n"
                           "+def test_pear():\n+    assert 1\n")}
    data.update(over)
    path = tmp_path / "instance.json"
    path.write_text(json.dumps(data))
    return path


def test_swebench_instance_against_a_copied_checkout(tmp_path):
    checkout = tmp_path / "checkout"
    write_repo(checkout, FILES)
    task = load_swebench(instance(tmp_path), checkout, tmp_path / "work")
    assert task.id == "acme__shop-1" and task.visible_tests == ("tests/test_new.py",)
    assert task.other_tests() == ("tests/test_checkout.py",) and task.issue == "pears cost nothing"
    assert (task.repo / "tests/test_new.py").is_file() and not (checkout / "tests/test_new.py").exists()


@pytest.mark.parametrize("over, field", [({"FAIL_TO_PASS": "[oops"}, "FAIL_TO_PASS"), ({"FAIL_TO_PASS": []}, "FAIL_TO_PASS"),
                                         ({"test_patch": "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"},
                                          "test_patch"),
                                         ({"PASS_TO_PASS": ["tests/none.py::t"]}, "PASS_TO_PASS")])
def test_swebench_errors_name_the_field(tmp_path, over, field):
    checkout = tmp_path / "checkout"
    write_repo(checkout, FILES)
    with pytest.raises(TaskError) as info:
        load_swebench(instance(tmp_path, **over), checkout, tmp_path / "work")
    assert info.value.field == field


def test_swebench_needs_a_checkout(tmp_path):
    with pytest.raises(TaskError, match="is not a folder"):
        load_swebench(instance(tmp_path), tmp_path / "missing", tmp_path / "work")
