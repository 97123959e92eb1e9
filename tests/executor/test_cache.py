"""Result cache: hits, misses on any change of code, tests or settings, and corrupt disk entries."""

from __future__ import annotations

import json

from codedebate.executor import Executor, ExecutorSettings

from .conftest import ADD_TASK_TESTS, GOOD, make_task


def test_memory_hit_and_misses(executor, add_task):
    first = executor.run(add_task, {"solution.py": GOOD + "# cache-a\n"})
    again = executor.run(add_task, {"solution.py": GOOD + "# cache-a\n"})
    assert not first.cached and again.cached
    assert again.tests == first.tests
    assert not executor.run(add_task, {"solution.py": GOOD + "# cache-b\n"}).cached
    other_tests = make_task(ADD_TASK_TESTS + ["def test_more():\n    assert add(2, 2) == 4\n"])
    assert not executor.run(other_tests, {"solution.py": GOOD + "# cache-a\n"}).cached
    assert not executor.run(add_task, {"solution.py": GOOD + "# cache-a\n"}, hidden=True).cached


def test_settings_change_misses(add_task, tmp_path):
    a = Executor(ExecutorSettings(timeout_s=3.0, metrics=False), cache_dir=tmp_path)
    b = Executor(ExecutorSettings(timeout_s=4.0, metrics=False), cache_dir=tmp_path)
    try:
        assert not a.run(add_task, {"solution.py": GOOD}).cached
        assert not b.run(add_task, {"solution.py": GOOD}).cached
    finally:
        a.close()
        b.close()


def test_disk_cache_survives_new_executor(add_task, tmp_path):
    settings = ExecutorSettings(timeout_s=3.0, metrics=False)
    with Executor(settings, cache_dir=tmp_path) as ex:
        first = ex.run(add_task, {"solution.py": GOOD})
    entries = list(tmp_path.rglob("*.json"))
    assert len(entries) == 1
    assert json.loads(entries[0].read_text())["tests"][0]["outcome"] == "passed"
    with Executor(settings, cache_dir=tmp_path) as ex:
        again = ex.run(add_task, {"solution.py": GOOD})
    assert again.cached and again.tests == first.tests


def test_corrupt_disk_entry_is_a_miss(add_task, tmp_path):
    settings = ExecutorSettings(timeout_s=3.0, metrics=False)
    with Executor(settings, cache_dir=tmp_path) as ex:
        ex.run(add_task, {"solution.py": GOOD})
    (entry,) = tmp_path.rglob("*.json")
    entry.write_text("{not json")
    with Executor(settings, cache_dir=tmp_path) as ex:
        result = ex.run(add_task, {"solution.py": GOOD})
    assert not result.cached and result.all_passed
    assert json.loads(entry.read_text())["tests"][0]["outcome"] == "passed"

