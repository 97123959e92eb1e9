"""With every optional isolation layer switched off (as on a machine without root), verdicts are
still right, time limits still hold, escaped daemons are still killed, and each missing layer is
warned about."""

from __future__ import annotations

import logging
import os
import time

import pytest

from codedebate.executor import Executor, ExecutorSettings, client

from .conftest import make_task

ALL_LAYERS = "network_namespace,ipc_namespace,mount_namespace,privilege_drop,cgroups,syscall_filter"


@pytest.fixture
def bare(monkeypatch, caplog):
    monkeypatch.setenv("CODEDEBATE_SANDBOX_DISABLE", ALL_LAYERS)
    client._warned.clear()
    with caplog.at_level(logging.WARNING, logger="codedebate.executor"):
        ex = Executor(ExecutorSettings(timeout_s=2.5, metrics=False))
        ex.start()
    yield ex
    ex.close()
    client._warned.clear()


def test_layers_off_and_warned(bare, caplog):
    assert bare.capabilities == dict.fromkeys(ALL_LAYERS.split(","), False)
    text = " ".join(r.getMessage() for r in caplog.get_records("setup"))
    assert "network isolation is unavailable" in text and "cgroups are unavailable" in text


def test_verdicts_without_layers(bare):
    task = make_task(["def test_a():\n    assert f() == 1\n", "def test_b():\n    assert f() == 2\n"])
    result = bare.run(task, {"solution.py": "def f():\n    return 1\n"})
    assert [t.outcome.value for t in result.tests] == ["passed", "failed"]
    assert result.details["sandbox_uid"] is None and result.details["cgroup"] is False
    hang = bare.run(task, {"solution.py": "while True:\n    pass\n"})
    assert {t.outcome.value for t in hang.tests} == {"timeout"}


def test_escaped_daemon_killed_without_cgroups(bare, tmp_path):
    pid_file = tmp_path / "daemon.pid"
    code = (
        "import os, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        f"    open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
        "    time.sleep(300)\n"
        "    os._exit(0)\n"
        "def f():\n    return 1\n"
    )
    task = make_task(["def test_a():\n    import time\n    time.sleep(0.3)\n    assert f() == 1\n"])
    assert bare.run(task, {"solution.py": code}).all_passed
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 2
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}")


def test_unknown_layer_is_an_error(monkeypatch):
    monkeypatch.setenv("CODEDEBATE_SANDBOX_DISABLE", "seccomp")
    with pytest.raises(client.WorkerError, match="failed to start"):
        Executor(ExecutorSettings(timeout_s=2.5, metrics=False)).start()


def test_switched_off_layer_stays_off_where_it_would_work(monkeypatch):
    """With mount_namespace off, privilege_drop is probed without it, but not switched back on."""
    from codedebate.executor import cgroups, mounts, sandbox, worker

    for module, name in ((mounts, "available"), (cgroups, "available"), (sandbox, "unshare_network"),
                         (sandbox, "unshare_ipc"), (sandbox, "install_syscall_filter")):
        monkeypatch.setattr(module, name, lambda: True)
    monkeypatch.setattr(sandbox, "can_drop_privileges", lambda mount_namespace: True)
    monkeypatch.setattr(sandbox, "CAPS", {})
    monkeypatch.setenv("CODEDEBATE_SANDBOX_DISABLE", "mount_namespace,privilege_drop")
    assert worker.capabilities() == {"network_namespace": True, "ipc_namespace": True, "mount_namespace": False,
                                     "privilege_drop": False, "cgroups": os.geteuid() == 0,
                                     "syscall_filter": True}
