"""The pre-started worker: imports pytest and pylint once, then forks one supervisor per request.

Started by :class:`~codedebate.executor.client.WorkerClient` with a scrubbed environment;
listens on a Unix socket in a root-only folder and exits when its parent closes stdin.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import select
import signal
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import housekeeping
from .request import MetricsRequest, RunRequest, from_wire
from .settings import DISABLE_ENV
from .wire import recv, send

#: Layers to switch off, e.g. "cgroups,network_namespace" (for machines where one misbehaves,
#: and for testing the fallbacks); the executor then warns about each as if it were missing.
REAP_S = 1.0  # how often ended supervisors are collected when no request comes
LAYERS = ("network_namespace", "ipc_namespace", "mount_namespace", "privilege_drop", "cgroups", "syscall_filter")


def _metrics(req: MetricsRequest) -> dict[str, Any]:
    """Pylint and Radon on the pristine copies, unprivileged, under an alarm and a memory cap."""
    from . import metrics, mounts, sandbox

    signal.alarm(max(1, int(req.timeout_s)))
    resource.setrlimit(resource.RLIMIT_AS, (req.memory_bytes, req.memory_bytes))
    if sandbox.CAPS.get("privilege_drop"):
        if sandbox.CAPS.get("mount_namespace"):
            mounts.isolate([], [(req.dir, req.dir)], 1 << 24)
        sandbox.drop_privileges(sandbox.UID_BASE + os.getpid())
    paths = [Path(req.dir) / name for name in req.files]
    sources = [p.read_text(encoding="utf-8") for p in paths]
    out: dict[str, Any] = {"complexity": metrics.mean_complexity(sources), "pylint_score": None}
    try:
        out["pylint_score"] = metrics.pylint_score(paths, Path(req.rcfile))
    except Exception as exc:  # noqa: BLE001 - a Pylint crash means "no score", not a failed run
        out["pylint_error"] = f"{type(exc).__name__}: {exc}"[:500]
    return out


def _serve_one(conn: socket.socket, worker_pid: int) -> None:
    """Body of a forked supervisor: one request, one reply."""
    from . import supervisor

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    supervisor.prepare_supervisor(worker_pid)
    try:
        req = from_wire(recv(conn))
    except ValueError as exc:
        send(conn, {"error": str(exc)})
        return
    reply = supervisor.run(req) if isinstance(req, RunRequest) else _metrics(req)
    send(conn, reply)


def preload() -> None:
    """Import what every run needs, so forks start warm."""
    import importlib

    import pylint.lint  # noqa: F401
    import pytest  # noqa: F401
    import radon.complexity  # noqa: F401
    from _pytest.config import default_plugins

    for name in default_plugins:
        importlib.import_module(f"_pytest.{name}")
    from . import harness, integrity, launcher, metrics, mounts, supervisor  # noqa: F401

    mounts.import_roots()
    harness.install_compile_recorder()  # before the snapshot: the recorder is part of the machinery
    integrity.BASELINE = integrity.Snapshot()
    integrity.HOT = integrity.Snapshot(integrity.HOT_PREFIXES)


def prepare_pytest(caps: dict[str, bool], zygote_root: str) -> None:
    """Build the launcher's prepared pytest (a zygote session where each run gets its own
    mount namespace), then freeze the heap so forks share it."""
    from . import launcher

    zygote = caps.get("mount_namespace") and caps.get("privilege_drop")
    launcher.prepare(zygote_root if zygote else None)
    gc.freeze()  # forks share these pages and their collections skip them


def _filtered() -> bool:
    from . import sandbox

    sandbox.harden_process()
    return sandbox.install_syscall_filter()


def capabilities() -> dict[str, bool]:
    """Which isolation layers work on this machine (probed in throwaway forks)."""
    from . import cgroups, mounts, sandbox

    def probe(fn) -> bool:
        pid = os.fork()
        if pid == 0:
            os._exit(0 if fn() else 1)
        return os.waitpid(pid, 0)[1] == 0

    disabled = os.environ.get(DISABLE_ENV, "").replace(",", " ").split()
    for layer in disabled:
        if layer not in LAYERS:
            raise SystemExit(f"{DISABLE_ENV}: unknown layer {layer!r}; known: {', '.join(LAYERS)}")
    root = os.geteuid() == 0
    mount_ns = "mount_namespace" not in disabled and root and mounts.available()
    caps = {  # a switched-off layer is not even probed
        "network_namespace": "network_namespace" not in disabled and probe(sandbox.unshare_network),
        "ipc_namespace": "ipc_namespace" not in disabled and probe(sandbox.unshare_ipc),
        "mount_namespace": mount_ns,
        "privilege_drop": "privilege_drop" not in disabled and sandbox.can_drop_privileges(mount_ns),
        "cgroups": "cgroups" not in disabled and root and cgroups.available(),
        "syscall_filter": "syscall_filter" not in disabled and probe(_filtered),
    }
    sandbox.CAPS.update(caps)
    return caps


class _Stop(Exception):
    """A stop signal reached the worker."""


def _stop(signum: int, _frame: object) -> None:
    raise _Stop(signal.Signals(signum).name)


def clean_stale(client_tmp: str) -> None:
    """Remove what dead runs left: processes of run uids, cgroups, temp folders (see housekeeping)."""
    from . import cgroups, sandbox

    housekeeping.kill_stale_uids(sandbox.UID_BASE)
    if os.geteuid() == 0:
        cgroups.clean_stale()
    housekeeping.clean_stale_folders(client_tmp)


def main(socket_path: str, client_tmp: str) -> None:
    client = os.getppid()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, _stop)
    # no parent-death signal here: it fires when the *thread* that started us ends; stdin's end
    # of file tells us the executor is gone
    try:
        clean_stale(client_tmp)
        preload()
        caps = capabilities()
        prepare_pytest(caps, os.path.join(os.path.dirname(socket_path), "zygote"))
        _serve(socket_path, caps)
    except _Stop:
        pass
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        housekeeping.stop_children()  # each supervisor kills its run and removes its cgroup
        clean_stale(client_tmp)  # what a supervisor that had to be SIGKILLed left
        if not housekeeping.alive(client) or os.getppid() != client:  # nobody else will clean up
            for folder in housekeeping.folders_of(client, client_tmp):
                housekeeping.remove_tree(folder)


def _serve(socket_path: str, caps: dict[str, bool]) -> None:
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(64)
    sys.stdout.write("ready " + json.dumps(caps) + "\n")
    sys.stdout.flush()
    stdin = sys.stdin.fileno()
    me = os.getpid()
    while True:
        ready, _, _ = select.select([listener, stdin], [], [], REAP_S)
        _reap_supervisors()
        if stdin in ready and not os.read(stdin, 1024):
            return  # parent went away
        if listener in ready:
            conn, _ = listener.accept()
            pid = os.fork()
            if pid == 0:
                listener.close()
                code = 0
                try:
                    _serve_one(conn, me)
                except BaseException as exc:  # noqa: BLE001 - report, then end this supervisor only
                    code = 1
                    if type(exc).__name__ != "Interrupted":
                        import traceback

                        traceback.print_exc()
                        sys.stderr.flush()
                os._exit(code)
            conn.close()


def _reap_supervisors() -> None:
    """Collect ended supervisors; one that was killed (SIGKILL: it could not clean up) leaves its
    run to us: every process of its uid is killed and its cgroup removed, before its pid (and so
    its uid) can be reused."""
    from . import cgroups, sandbox

    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if os.WIFSIGNALED(status):
            if sandbox.CAPS.get("privilege_drop"):
                sandbox.kill_uid(sandbox.UID_BASE + pid)
            if sandbox.CAPS.get("cgroups"):
                cgroups.clean_stale()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else tempfile.gettempdir())
