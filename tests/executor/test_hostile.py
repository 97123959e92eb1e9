"""Hostile candidates: each gets a clean non-passing (or, if honest, passing) verdict, the machine
stays usable, and the next honest run passes. Network tests only aim at 127.0.0.1."""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings

from .conftest import ADD_TASK_TESTS, make_task

WRONG = "def add(a, b):\n    return a - b\n"


@pytest.fixture(scope="module")
def task():
    return make_task(ADD_TASK_TESTS)


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Executor]:
    ex = Executor(ExecutorSettings(timeout_s=2.5, metrics=False, memory_mb=512, max_processes=24))
    yield ex
    ex.close()


def needs(ex: Executor, *layers: str) -> None:
    """Skip, naming the layer, where this machine cannot provide it (e.g. not root)."""
    missing = [layer for layer in layers if not ex.start().get(layer)]
    if missing:
        pytest.skip(f"isolation layer(s) unavailable on this machine: {', '.join(missing)}")


def uid_processes(uid: int | None) -> list[int]:
    """Live processes owned by ``uid``."""
    if uid is None:
        return []
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        line = next((ln for ln in text.splitlines() if ln.startswith("Uid:")), "")
        if str(uid) in line.split()[1:2]:
            found.append(int(status.parent.name))
    return found


def outcomes(result) -> set[str]:
    return {t.outcome.value for t in result.tests}


def assert_healthy(ex: Executor, task) -> None:
    """An honest candidate (unique text, so never a cache hit) still passes afterwards."""
    code = f"# {uuid.uuid4()}\ndef add(a, b):\n    return a + b\n"
    result = ex.run(task, {"solution.py": code})
    assert result.all_passed, result


def run(ex: Executor, task, code: str, **files: str):
    result = ex.run(task, {"solution.py": code, **files})
    assert len(result.tests) == len(ADD_TASK_TESTS)
    assert not result.cached
    return result


def test_infinite_loop_at_import(sandbox, task):
    result = run(sandbox, task, "while True:\n    pass\n")
    assert outcomes(result) == {"timeout"}
    assert result.duration_s < 6
    assert_healthy(sandbox, task)


def test_sleep_past_timeout(sandbox, task):
    result = run(sandbox, task, "import time\ndef add(a, b):\n    time.sleep(60)\n    return a + b\n")
    assert outcomes(result) == {"timeout"}
    assert_healthy(sandbox, task)


def test_fork_bomb_is_contained_and_reaped(sandbox, task):
    needs(sandbox, "privilege_drop", "cgroups")
    code = (
        "import os\ndef add(a, b):\n    while True:\n"
        "        try:\n            os.fork()\n        except OSError:\n            pass\n"
    )
    result = run(sandbox, task, code)
    assert "passed" not in outcomes(result)
    assert uid_processes(result.details["sandbox_uid"]) == []
    assert_healthy(sandbox, task)


def test_escaped_daemon_is_killed(sandbox, task):
    needs(sandbox, "privilege_drop", "cgroups")
    code = (
        "import os, time\n"
        "if os.fork() == 0:\n    os.setsid()\n    time.sleep(300)\n"
        "def add(a, b):\n    return a + b\n"
    )
    result = run(sandbox, task, code)
    assert result.all_passed  # honest answer; the daemon is its own business
    assert uid_processes(result.details["sandbox_uid"]) == []


def test_memory_bomb(sandbox, task):
    code = "def add(a, b):\n    hog = []\n    while True:\n        hog.append(bytearray(32 * 1024 * 1024))\n"
    result = run(sandbox, task, code)
    assert "passed" not in outcomes(result)
    assert_healthy(sandbox, task)


def test_hundred_megabytes_of_output(sandbox, task):
    flood = "import sys\ndef add(a, b):\n    sys.stdout.write('x' * (100 * 1024 * 1024))\n    sys.stdout.flush()\n"
    result = run(sandbox, task, flood + "    return a - b\n")
    assert outcomes(result) == {"failed"}
    assert all(len(t.message) <= 2000 for t in result.tests)
    honest = run(sandbox, task, flood + "    return a + b\n")
    assert honest.all_passed  # output is capped, not a reason to fail honest code
    assert honest.duration_s < 6
    assert_healthy(sandbox, task)


def test_raw_output_at_import(sandbox, task):
    code = "import os\nfor _ in range(100):\n    os.write(1, b'y' * (1024 * 1024))\n" + WRONG
    result = run(sandbox, task, code)
    assert "passed" not in outcomes(result)
    assert_healthy(sandbox, task)


def test_disk_and_inode_fill_are_capped(sandbox, task):
    needs(sandbox, "privilege_drop", "mount_namespace")
    code = (
        "import os\n"
        "def fill(folder):\n"
        "    written = 0\n"
        "    for i in range(100):\n"
        "        try:\n"
        "            with open(os.path.join(folder, f'blob{i}'), 'wb') as fh:\n"
        "                fh.write(b'x' * (8 * 1024 * 1024))\n"
        "            written += 8\n"
        "        except OSError:\n"
        "            break\n"
        "    return written\n"
        "def inodes():\n"
        "    made = 0\n"
        "    try:\n"
        "        for i in range(20000):\n"
        "            open(f'/tmp/f{i}', 'w').close()\n"
        "            made += 1\n"
        "    except OSError:\n"
        "        pass\n"
        "    return made\n"
        "def add(a, b):\n"
        "    megabytes = fill('.') + fill('/tmp') + fill('/dev/shm')\n"
        "    made = inodes()\n"
        "    assert megabytes <= 3 * 16 and made < 5000, (megabytes, made)\n"
        "    return a + b\n"
    )
    result = run(sandbox, task, code)
    assert result.all_passed, result.tests[0].message
    assert_healthy(sandbox, task)


def test_deep_recursion(sandbox, task):
    result = run(sandbox, task, "def add(a, b):\n    return add(a, b)\n")
    assert outcomes(result) == {"failed"}
    assert "RecursionError" in result.tests[0].message
    crash = "import sys\nsys.setrecursionlimit(10**8)\ndef add(a, b):\n    return add(a, b) + 1\n"
    result = run(sandbox, task, crash)
    assert "passed" not in outcomes(result)
    assert_healthy(sandbox, task)


def test_no_network_to_loopback_listener(sandbox, task):
    needs(sandbox, "network_namespace")
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(0.3)
        port = listener.getsockname()[1]
        code = (
            "import socket\n"
            "def add(a, b):\n"
            f"    with socket.create_connection(('127.0.0.1', {port}), timeout=1) as s:\n"
            "        s.sendall(b'leak')\n"
            "    return a + b\n"
        )
        result = run(sandbox, task, code)
        with pytest.raises(socket.timeout):
            listener.accept()
    assert outcomes(result) == {"failed"}
    assert "Error" in result.tests[0].message
    assert_healthy(sandbox, task)


def test_cannot_write_or_delete_outside(sandbox, task, tmp_path):
    needs(sandbox, "privilege_drop", "mount_namespace")
    sentinel = tmp_path / "sentinel.txt"
    sentinel.write_text("keep")
    planted = tmp_path / "planted.txt"
    escape = Path(tempfile.gettempdir()) / f"codedebate-escape-{uuid.uuid4().hex}"
    code = (
        "import os\n"
        f"for action in (lambda: os.remove({str(sentinel)!r}), lambda: open({str(planted)!r}, 'w').write('x'),\n"
        f"               lambda: open({str(escape)!r}, 'w').write('x'),\n"
        "               lambda: open('../tests/test_candidate.py', 'w').write('def test_small(): pass'),\n"
        "               lambda: os.remove('../tests/test_candidate.py')):\n"
        "    try:\n        action()\n    except OSError:\n        pass\n"
        "os.remove(__file__)  # deleting its own files is allowed and changes nothing\n"
        + WRONG
    )
    result = run(sandbox, task, code)
    assert outcomes(result) == {"failed"}
    assert sentinel.read_text() == "keep"
    assert not planted.exists() and not escape.exists()
    assert_healthy(sandbox, task)


def test_project_files_and_home_are_invisible(sandbox, task):
    needs(sandbox, "privilege_drop", "mount_namespace")
    interpreter = Path(sys.base_prefix).resolve()
    home = [p for p in Path("/root").glob("*") if p not in interpreter.parents and p != interpreter]
    secret_paths = [__file__, *map(str, home[:5])]
    code = (
        "import os\n"
        "def add(a, b):\n"
        f"    seen = [p for p in {secret_paths!r} if os.path.exists(p)]\n"
        "    if seen:\n"
        "        raise AssertionError(f'visible: {seen}')\n"
        "    return a + b\n"
    )
    result = run(sandbox, task, code)
    assert result.all_passed, result.tests[0].message


def test_environment_secrets_are_not_visible(task, monkeypatch):
    secret = "s3cr3t-" + uuid.uuid4().hex
    monkeypatch.setenv("CODEDEBATE_FAKE_TOKEN", secret)
    code = (
        "import os, glob\n"
        "def add(a, b):\n"
        "    seen = ' '.join(f'{k}={v}' for k, v in os.environ.items())\n"
        "    for path in glob.glob('/proc/*/environ'):\n"
        "        try:\n            seen += open(path, 'rb').read().decode('latin-1')\n"
        "        except OSError:\n            pass\n"
        f"    if {secret!r} in seen:\n        raise AssertionError('leaked: ' + seen)\n"
        "    assert os.environ['HOME'] == os.getcwd()\n"
        "    return a + b\n"
    )
    with Executor(ExecutorSettings(timeout_s=3.0, metrics=False)) as ex:
        needs(ex, "privilege_drop")  # as the same user, /proc/<pid>/environ of the caller is readable
        result = ex.run(task, {"solution.py": code})
    assert result.all_passed, result.tests
    assert secret not in str(result.to_dict())


def test_os_exit_at_import(sandbox, task):
    result = run(sandbox, task, "import os\nos._exit(0)\n")
    assert outcomes(result) == {"error"}
    assert "before pytest finished" in result.error
    assert_healthy(sandbox, task)


def test_os_exit_during_a_test(sandbox, task):
    result = run(sandbox, task, "import os\ndef add(a, b):\n    os._exit(0)\n")
    assert outcomes(result) == {"error"}
    assert_healthy(sandbox, task)


FORCE_PASS_CONFTEST = (
    "import pytest\n"
    "@pytest.hookimpl(hookwrapper=True)\n"
    "def pytest_runtest_makereport(item, call):\n"
    "    outcome = yield\n"
    "    rep = outcome.get_result()\n"
    "    rep.outcome, rep.longrepr = 'passed', None\n"
)


def test_candidate_conftest_file_is_ignored(sandbox, task):
    result = run(sandbox, task, WRONG, **{"conftest.py": FORCE_PASS_CONFTEST})
    assert outcomes(result) == {"failed"}
    assert result.details["ignored_files"] == ["conftest.py"]
    assert_healthy(sandbox, task)


def test_conftest_and_ini_written_at_runtime_are_ignored(sandbox, task):
    code = (
        "import os\n"
        f"for path in ('conftest.py', '../tests/conftest.py'):\n"
        "    try:\n"
        f"        open(path, 'w').write({FORCE_PASS_CONFTEST!r})\n"
        "    except OSError:\n        pass\n"
        "open('pytest.ini', 'w').write('[pytest]\\naddopts = -p no:python\\n')\n"
        + WRONG
    )
    result = run(sandbox, task, code)
    assert outcomes(result) == {"failed"}
    assert_healthy(sandbox, task)


def test_patched_pytest_internals_are_rejected(sandbox, task):
    code = (
        "import _pytest.reports\n"
        "_orig = _pytest.reports.TestReport.from_item_and_call\n"
        "def _forged(item, call):\n"
        "    rep = _orig(item, call)\n"
        "    rep.outcome, rep.longrepr = 'passed', None\n"
        "    return rep\n"
        "_pytest.reports.TestReport.from_item_and_call = staticmethod(_forged)\n"
        + WRONG
    )
    result = run(sandbox, task, code)
    assert outcomes(result) == {"error"}
    assert "modified" in result.tests[0].message
    assert_healthy(sandbox, task)


def test_plugin_registered_at_runtime_cannot_force_passes(sandbox, task):
    code = (
        "import gc, pytest\n"
        "from _pytest.config import Config\n"
        "class Force:\n"
        "    @pytest.hookimpl(hookwrapper=True)\n"
        "    def pytest_runtest_makereport(self, item, call):\n"
        "        outcome = yield\n"
        "        rep = outcome.get_result()\n"
        "        rep.outcome, rep.longrepr = 'passed', None\n"
        "    @pytest.hookimpl(tryfirst=True)\n"
        "    def pytest_pyfunc_call(self, pyfuncitem):\n"
        "        return True\n"
        "for obj in gc.get_objects():\n"
        "    if isinstance(obj, Config):\n"
        "        obj.pluginmanager.register(Force())\n"
        + WRONG
    )
    result = run(sandbox, task, code)
    assert "passed" not in outcomes(result)
    assert_healthy(sandbox, task)


def test_patched_assert_helpers_are_rejected(sandbox):
    task = make_task([
        "def test_rejects_negative():\n    with pytest.raises(ValueError):\n        root(-1)\n",
        "def test_close():\n    assert root(2) == pytest.approx(1.41421, abs=1e-4)\n",
    ])
    code = (
        "import contextlib, pytest\n"
        "class _Any:\n    def __eq__(self, other):\n        return True\n"
        "pytest.raises = lambda *a, **k: contextlib.nullcontext()\n"
        "pytest.approx = lambda *a, **k: _Any()\n"
        "def root(x):\n    return 0\n"
    )
    result = sandbox.run(task, {"solution.py": code})
    assert outcomes(result) == {"error"}
    assert "was changed" in result.tests[0].message
    honest = "import math\ndef root(x):\n    if x < 0:\n        raise ValueError(x)\n    return math.sqrt(x)\n"
    assert sandbox.run(task, {"solution.py": honest}).all_passed


def test_sys_modules_tricks_are_rejected(sandbox, task):
    code = (
        "import sys, types\n"
        "fake = types.ModuleType('pytest')\n"
        "fake.__dict__.update(sys.modules['pytest'].__dict__)\n"
        "fake.raises = lambda *a, **k: None\n"
        "sys.modules['pytest'] = fake\n"
        "import builtins\n"
        "builtins.AssertionError = type('AssertionError', (Exception,), {})\n"
        + WRONG
    )
    result = run(sandbox, task, code)
    assert outcomes(result) == {"error"}
    assert "modified" in result.tests[0].message
    assert_healthy(sandbox, task)


def test_forged_lines_on_the_channel_are_rejected(sandbox, task):
    code = (
        "import os, json\n"
        "def add(a, b):\n"
        "    line = json.dumps({'kind': 'test', 'nodeid': 'x::test_small', 'outcome': 'passed', 'nonce': 'guess'})\n"
        "    for fd in map(int, os.listdir('/proc/self/fd')):\n"
        "        try:\n            os.write(fd, (line + '\\n').encode())\n"
        "        except OSError:\n            pass\n"
        "    return a - b\n"
    )
    result = run(sandbox, task, code)
    assert outcomes(result) == {"error"}
    assert "nonce" in result.tests[0].message
    assert_healthy(sandbox, task)


def test_killing_everything_it_can_reach(sandbox, task):
    needs(sandbox, "privilege_drop")
    code = "import os, signal\nos.kill(-1, signal.SIGKILL)\nos.kill(os.getppid(), signal.SIGKILL)\n"
    result = run(sandbox, task, code)
    assert "passed" not in outcomes(result)
    assert "PermissionError" in result.tests[0].message
    assert os.getppid() > 1  # the test process and its parents are alive
    assert_healthy(sandbox, task)
