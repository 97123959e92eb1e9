"""Issue #14 item 3: nothing outlives a run, whatever ends it (a signal to the process group, the
executor's process dying), what dead runs left is removed at the next start, and the tests of a
run are readable by nobody but root and the run itself."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import pytest

from codedebate.executor import Executor, ExecutorSettings

from .conftest import make_task

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="run uids and cgroups need root")

CLIENT = '''
import sys
from codedebate.executor import Executor, ExecutorSettings
from codedebate.tasks import parse_task

task = parse_task({"id": "t", "name": "t", "difficulty": "easy", "description": "d", "signature": "",
                   "tests": ["def test_a():\\n    import time\\n    time.sleep(60)\\n    assert f() == 1\\n"]})
code = ("import subprocess\\n"
        "subprocess.Popen(['sleep', %r], start_new_session=True)\\n"
        "def f():\\n    return 1\\n")
Executor(ExecutorSettings(timeout_s=60, metrics=False)).run(task, {"solution.py": code})
'''


def _find(token: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _wait(predicate, timeout_s: float) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


def _cgroup_dirs(pid: int) -> list[Path]:
    dirs = []
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controllers in ("memory", "pids") and "codedebate" in path:
            dirs.append(Path("/sys/fs/cgroup") / controllers / path.lstrip("/"))
    return dirs


@pytest.mark.parametrize("how", ["SIGTERM to the group", "SIGINT to the group", "SIGKILL to the executor"])
def test_no_process_cgroup_or_folder_outlives_an_interrupted_run(tmp_path, how):
    token = f"{time.time() % 1000:.6f}7"  # a sleep duration no one else uses
    script = tmp_path / "client.py"
    script.write_text(CLIENT % token)
    proc = subprocess.Popen([sys.executable, str(script)], start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait(lambda: _find(f"sleep\0{token}"), 60), "the candidate's daemon never started"
        daemon = _find(f"sleep\0{token}")[0]
        groups = _cgroup_dirs(daemon)
        assert groups, "the daemon is not in a run cgroup"
        if how.startswith("SIGKILL"):
            os.kill(proc.pid, signal.SIGKILL)
        else:
            os.killpg(proc.pid, signal.SIGTERM if "TERM" in how else signal.SIGINT)
        proc.wait(timeout=30)
        assert _wait(lambda: not _find(f"sleep\0{token}"), 15), "the daemon outlived the run"
        assert _wait(lambda: not any(g.exists() for g in groups), 15), f"cgroups left: {groups}"
        tmp = Path(tempfile.gettempdir())
        left = lambda: [p for p in tmp.glob(f"codedebate-*-{proc.pid}-*")]  # noqa: E731
        assert _wait(lambda: not left(), 15), f"folders left: {left()}"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in _find(f"sleep\0{token}"):
            os.kill(pid, signal.SIGKILL)


def _free_pid() -> int:
    pid = 4_000_000
    while os.path.exists(f"/proc/{pid}"):
        pid -= 1
    return pid


def test_leftovers_of_dead_runs_are_removed_at_the_next_start():
    from codedebate.executor import sandbox

    dead = _free_pid()
    cgroups = [Path("/sys/fs/cgroup") / c / "codedebate" / f"run-{dead}-12345" for c in ("memory", "pids")]
    for path in cgroups:
        path.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.gettempdir()) / f"codedebate-run-{dead}-{uuid.uuid4().hex[:8]}"
    (folder / "tests").mkdir(parents=True)
    (folder / "tests" / "test_candidate.py").write_text("def test_hidden():\n    assert True\n")
    os.chmod(folder / "tests", 0)
    survivor = os.fork()
    if survivor == 0:  # a process of the dead run's uid
        try:
            os.setresuid(sandbox.UID_BASE + dead, sandbox.UID_BASE + dead, sandbox.UID_BASE + dead)
            time.sleep(60)
        finally:
            os._exit(0)
    try:
        time.sleep(0.2)
        with Executor(ExecutorSettings(timeout_s=5.0, metrics=False)) as ex:
            ex.start()
            assert not folder.exists()
            assert not any(p.exists() for p in cgroups)
            assert _wait(lambda: os.waitpid(survivor, os.WNOHANG)[0] == survivor, 5), "the survivor lives"
            survivor = None
    finally:
        if survivor is not None:
            os.kill(survivor, signal.SIGKILL)
            os.waitpid(survivor, 0)
        for path in cgroups:
            if path.exists():
                path.rmdir()


def test_tests_of_a_run_are_not_readable_by_other_users():
    task = make_task(["def test_slow():\n    import time\n    time.sleep(1.5)\n    assert f() == 1\n"],
                     hidden=["def test_secret():\n    assert f() == 1\n"])
    modes: list[tuple[str, int]] = []
    ex = Executor(ExecutorSettings(timeout_s=10.0, metrics=False))
    ex.start()

    def watch() -> None:
        tmp = Path(tempfile.gettempdir())
        end = time.monotonic() + 8
        while time.monotonic() < end and not modes:
            for folder in tmp.glob(f"codedebate-run-{os.getpid()}-*"):
                for path in (folder / "tests", folder / "tests" / "test_candidate.py"):
                    try:
                        modes.append((path.name, stat.S_IMODE(path.stat().st_mode)))
                    except OSError:
                        pass
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        result = ex.run(task, {"solution.py": f"# {uuid.uuid4()}\ndef f():\n    return 1\n"})
    finally:
        watcher.join()
        ex.close()
    assert result.all_passed, result.tests
    assert modes, "never saw the run's folder"
    assert all(mode & 0o007 == 0 for _name, mode in modes), modes
