"""Parent side of the worker: start it once (scrubbed env), send requests, restart if it died."""

from __future__ import annotations

import atexit
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from . import sandbox
from .housekeeping import WORKER_PREFIX, remove_tree
from .request import MetricsRequest, RunRequest
from .wire import recv, send
from .settings import DISABLE_ENV

log = logging.getLogger("codedebate.executor")
_warned: set[str] = set()
WARNINGS = {
    "network_namespace": "network isolation is unavailable (no network namespace could be made, "
    f"or {DISABLE_ENV} switched it off): candidates can reach the network",
    "privilege_drop": "candidates run as your own user (not root, or the Python installation "
    "is unreadable to other users) and can read and write what you can",
    "mount_namespace": "filesystem isolation is unavailable (no mount namespace): candidates see "
    "the real /tmp and every file their user may read",
    "cgroups": "per-run cgroups are unavailable: memory and process caps are per process only",
    "ipc_namespace": "no IPC namespace: SysV shared memory, message queues and semaphores a candidate "
    "makes outlive its run and are visible to later runs",
    "syscall_filter": "no seccomp filter: candidates can open vsock and netlink sockets, use keyrings "
    "and io_uring",
}


def warn_missing(capabilities: dict[str, bool]) -> None:
    """Log, once per process, each isolation layer this machine does not provide."""
    for key, ok in capabilities.items():
        if not ok and key not in _warned:
            _warned.add(key)
            log.warning("codedebate sandbox: %s", WARNINGS.get(key, key))


class WorkerError(RuntimeError):
    """The worker could not be started or answered nonsense."""


def _worker_env() -> dict[str, str]:
    """The worker's whole environment: nothing of the user's (no tokens, keys or HOME)."""
    src = str(Path(__file__).resolve().parents[2])
    env = sandbox.clean_env(tempfile.gettempdir())
    env["PYTHONPATH"] = src
    if os.environ.get(DISABLE_ENV):
        env[DISABLE_ENV] = os.environ[DISABLE_ENV]
    return env


class WorkerClient:
    """One pre-started worker process, shared by the threads of one Executor."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._dir: str | None = None
        self.capabilities: dict[str, bool] = {}
        atexit.register(self.close)

    @property
    def socket_path(self) -> str:
        assert self._dir is not None
        return os.path.join(self._dir, "worker.sock")

    def _ensure(self) -> None:
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                return
            self._stop_locked()
            self._dir = tempfile.mkdtemp(prefix=f"{WORKER_PREFIX}{os.getpid()}-")
            os.chmod(self._dir, 0o700)
            self._proc = subprocess.Popen(  # noqa: S603 - our own interpreter and module
                [sys.executable, "-P", "-m", "codedebate.executor.worker", self.socket_path, tempfile.gettempdir()],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_worker_env(), cwd=self._dir,
            )
            line = self._proc.stdout.readline().decode().strip()
            if not line.startswith("ready"):
                self._stop_locked()
                raise WorkerError(f"executor worker failed to start (said {line!r}); its traceback is on stderr")
            self.capabilities = json.loads(line[len("ready"):] or "{}")
            warn_missing(self.capabilities)

    def start(self) -> dict[str, bool]:
        """Start the worker if it is not running; return the isolation layers in effect."""
        self._ensure()
        return dict(self.capabilities)

    def request(self, req: RunRequest | MetricsRequest, timeout_s: float) -> dict[str, Any]:
        """Send one request and wait for the reply; a worker that died is restarted once."""
        problem: Exception | None = None
        for _attempt in (1, 2):
            self._ensure()
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                    sock.settimeout(timeout_s)
                    sock.connect(self.socket_path)
                    send(sock, req.to_wire())
                    return recv(sock)
            except (OSError, ConnectionError, ValueError) as exc:  # refused, reset, EOF, timeout
                problem = exc
                with self._lock:
                    if self._proc is not None and self._proc.poll() is not None:
                        self._stop_locked()
        raise WorkerError(f"the executor worker failed twice on one request: {type(problem).__name__}: {problem} "
                          "(its traceback, if any, is on stderr)")

    def close(self) -> None:
        with self._lock:
            self._stop_locked()

    def _stop_locked(self) -> None:
        if self._proc is not None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
            self._proc.stdout.close()
            self._proc = None
        if self._dir is not None:
            remove_tree(Path(self._dir))
            self._dir = None
