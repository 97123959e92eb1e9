"""Executor verdicts on passing, failing, erroring, hanging and multi-file candidates."""

from __future__ import annotations

import asyncio
import tempfile

from codedebate.executor import Executor, ExecutorSettings, Outcome

from .conftest import GOOD, make_task


def outcomes(result) -> dict[str, str]:
    return {t.name: t.outcome.value for t in result.tests}


def test_passing_candidate(executor, add_task):
    result = executor.run(add_task, {"solution.py": GOOD})
    assert outcomes(result) == {"test_small": "passed", "test_negative": "passed"}
    assert result.all_passed and result.compiles and result.error == ""
    assert not result.cached


def test_failing_candidate_reports_message(executor, add_task):
    result = executor.run(add_task, {"solution.py": "def add(a, b):\n    return a - b\n"})
    assert outcomes(result) == {"test_small": "failed", "test_negative": "failed"}
    assert "assert -1 == 3" in result.tests[0].message
    assert result.pass_rate == 0.0


def test_partial_pass(executor, add_task):
    result = executor.run(add_task, {"solution.py": "def add(a, b):\n    return abs(a) + abs(b)\n"})
    assert outcomes(result) == {"test_small": "passed", "test_negative": "failed"}
    assert result.pass_rate == 0.5


def test_hidden_tests_run_only_when_asked(executor, add_task):
    result = executor.run(add_task, {"solution.py": GOOD}, hidden=True)
    assert outcomes(result) == {"test_zero": "passed"}


def test_syntax_error_is_error_and_does_not_compile(executor, add_task):
    result = executor.run(add_task, {"solution.py": "def add(a, b)\n    return a + b\n"})
    assert not result.compiles
    assert set(outcomes(result).values()) == {"error"}
    assert "collection failed" in result.tests[0].message
    assert "SyntaxError" in result.tests[0].message


def test_import_error_is_error(executor, add_task):
    result = executor.run(add_task, {"solution.py": "import no_such_module_xyz\n" + GOOD})
    assert result.compiles
    assert set(outcomes(result).values()) == {"error"}
    assert "no_such_module_xyz" in result.tests[0].message


def test_missing_name_fails(executor, add_task):
    result = executor.run(add_task, {"solution.py": "def plus(a, b):\n    return a + b\n"})
    assert set(outcomes(result).values()) == {"failed"}
    assert "NameError" in result.tests[0].message


def test_missing_file_is_error(executor, add_task):
    result = executor.run(add_task, {})
    assert not result.compiles
    assert set(outcomes(result).values()) == {"error"}
    assert result.details["missing_files"] == ["solution.py"]


def test_hanging_candidate_times_out(executor, add_task):
    result = executor.run(add_task, {"solution.py": "def add(a, b):\n    while True:\n        pass\n"})
    assert set(outcomes(result).values()) == {"timeout"}
    assert "time limit" in result.error
    assert result.duration_s < 10


def test_timeout_keeps_finished_tests(executor):
    task = make_task([
        "def test_first():\n    assert f() == 1\n",
        "def test_second():\n    import time\n    time.sleep(60)\n",
    ])
    result = executor.run(task, {"solution.py": "def f():\n    return 1\n"})
    assert outcomes(result) == {"test_first": "passed", "test_second": "timeout"}
    assert "while this test ran" in result.tests[1].message


def test_multi_file_candidate(executor):
    task = make_task(
        ["def test_area():\n    assert area(Rect(2, 3)) == 6\n"],
        required_files=["shapes.py", "geometry.py"],
        test_imports=["from shapes import Rect", "from geometry import area"],
    )
    files = {
        "shapes.py": "class Rect:\n    def __init__(self, w, h):\n        self.w, self.h = w, h\n",
        "geometry.py": "from shapes import Rect\n\ndef area(r: Rect) -> int:\n    return r.w * r.h\n",
    }
    assert executor.run(task, files).all_passed
    broken = executor.run(task, {**files, "geometry.py": "def area(r):\n    return r.w + r.h\n"})
    assert outcomes(broken) == {"test_area": "failed"}


def test_extra_files_are_ignored(executor, add_task):
    result = executor.run(add_task, {"solution.py": GOOD, "helper.py": "X = 1\n"})
    assert result.all_passed
    assert result.details["ignored_files"] == ["helper.py"]


def test_message_is_cut_to_bound(add_task):
    ex = Executor(ExecutorSettings(timeout_s=3.0, metrics=False, max_message_chars=300))
    try:
        code = "def add(a, b):\n    raise ValueError('x' * 10000)\n"
        result = ex.run(add_task, {"solution.py": code})
    finally:
        ex.close()
    assert result.tests[0].outcome is Outcome.FAILED
    assert len(result.tests[0].message) <= 300
    assert "more characters cut" in result.tests[0].message


def test_parametrized_test_counts_once(executor):
    task = make_task(["@pytest.mark.parametrize('x', [1, 2, 3])\ndef test_pos(x):\n    assert sq(x) > x\n"])
    assert outcomes(executor.run(task, {"solution.py": "def sq(x):\n    return x * x\n"})) == {"test_pos": "failed"}
    assert outcomes(executor.run(task, {"solution.py": "def sq(x):\n    return x * x + 1\n"})) == {"test_pos": "passed"}


def test_arun_gathers_concurrently(executor, add_task):
    async def main():
        codes = [f"def add(a, b):\n    return a + b + {i}\n" for i in range(4)]
        return await asyncio.gather(*(executor.arun(add_task, {"solution.py": c}) for c in codes))

    results = asyncio.run(main())
    assert [r.passed for r in results] == [2, 0, 0, 0]


def test_temp_dirs_are_removed(executor, add_task, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code = "import os\nopen('big', 'w').write('x')\nos.chmod('.', 0)\n" + GOOD
    result = executor.run(add_task, {"solution.py": code})
    assert result.all_passed
    assert list(tmp_path.glob("codedebate-run-*")) == []


def test_builtin_fixtures_work(executor):
    task = make_task([
        "def test_prints(capsys):\n    greet('ada')\n    assert capsys.readouterr().out == 'hi ada\\n'\n",
        "def test_file(tmp_path):\n    p = tmp_path / 'x.txt'\n    save(p, 'ok')\n    assert p.read_text() == 'ok'\n",
        "def test_patched(monkeypatch):\n    import builtins\n    monkeypatch.setattr(builtins, 'input', lambda: 'ada')\n"
        "    assert ask() == 'ada'\n",
        "def test_warns():\n    with pytest.warns(UserWarning):\n        old()\n",
    ])
    code = (
        "import warnings\n"
        "def greet(name):\n    print(f'hi {name}')\n"
        "def save(path, text):\n    path.write_text(text)\n"
        "def ask():\n    return input()\n"
        "def old():\n    warnings.warn('old', UserWarning)\n"
    )
    result = executor.run(task, {"solution.py": code})
    assert result.all_passed, [t.message for t in result.tests]
    broken = executor.run(task, {"solution.py": code.replace("print(f'hi {name}')", "print(name)")})
    assert outcomes(broken)["test_prints"] == "failed"
