"""Confine the current (freshly forked) process: limits, network namespace, uid, environment.

Everything here runs in the child between fork and pytest; nothing runs in the parent.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import stat
import sys
from dataclasses import dataclass

CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
PR_SET_CHILD_SUBREAPER = 36
SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"
#: Uids for sandboxed runs: base + the supervisor's pid, so concurrent runs never share one.
UID_BASE = 1_500_000_000

_libc = ctypes.CDLL(None, use_errno=True)


@dataclass(frozen=True)
class Limits:
    """Per-process resource limits of one run."""

    cpu_s: int
    memory_bytes: int
    max_processes: int
    max_file_bytes: int
    max_open_files: int = 256


#: What this machine allows, probed once by the worker at start (forks inherit it).
CAPS: dict[str, bool] = {}


def can_drop_privileges(mount_namespace: bool) -> bool:
    """We are root, and the candidate could still import Python after switching uid."""
    return os.geteuid() == 0 and (mount_namespace or not hidden_import_paths())


def hidden_import_paths() -> list[str]:
    """Interpreter and sys.path folders that other users cannot reach (e.g. under /root)."""
    paths = {sys.base_prefix, sys.prefix, *(p for p in sys.path if p and os.path.isdir(p))}
    return sorted(p for p in paths if not _reachable_by_others(p))


def _reachable_by_others(path: str) -> bool:
    path = os.path.realpath(path)
    parts = path.split(os.sep)
    for i in range(2, len(parts) + 1):
        try:
            mode = os.stat(os.sep.join(parts[:i]) or os.sep).st_mode
        except OSError:
            return False
        if not mode & stat.S_IXOTH or (i == len(parts) and not mode & stat.S_IROTH):
            return False
    return True


def unshare_network() -> bool:
    """Move this process into a new, empty network namespace (loopback down); True on success."""
    return _libc.unshare(CLONE_NEWNET) == 0


def apply_limits(limits: Limits) -> None:
    """Set rlimits; CPU gets a 1 s grace between SIGXCPU and SIGKILL."""
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 1))
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_processes, limits.max_processes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.max_file_bytes, limits.max_file_bytes))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.max_open_files, limits.max_open_files))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # oversize writes fail with EFBIG instead


def drop_privileges(uid: int) -> None:
    """Become ``uid`` (group ``uid``, no supplementary groups); irreversible."""
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def harden_process() -> None:
    """No privilege gain through exec of setuid binaries; die with the supervisor."""
    _libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def become_subreaper() -> None:
    """Orphaned descendants re-parent to this process instead of init."""
    _libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def clean_env(workdir: str) -> dict[str, str]:
    """The whole environment a candidate sees: no tokens or keys, HOME and TMPDIR inside the run."""
    return {
        "PATH": SAFE_PATH,
        "HOME": workdir,
        "TMPDIR": os.path.join(workdir, ".tmp"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONIOENCODING": "utf-8",
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }


def own_process_count() -> int:
    """Processes (threads included) of our real uid: RLIMIT_NPROC counts all of them, so a run
    that shares our uid gets its cap on top of these."""
    uid = str(os.getuid())
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/status") as fh:
                    fields = dict(line.split(":", 1) for line in fh if line.startswith(("Uid:", "Threads:")))
            except (OSError, ValueError):
                continue
            if fields.get("Uid", "").split()[:1] == [uid]:
                count += int(fields.get("Threads", "1").strip() or 1)
    return count


def close_fds_except(*keep: int) -> None:
    """Close every descriptor above 2 but ``keep``."""
    top = 3
    for fd in sorted(k for k in keep if k > 2):
        os.closerange(top, fd)
        top = fd + 1
    os.closerange(top, resource.getrlimit(resource.RLIMIT_NOFILE)[0])


def kill_uid(uid: int) -> None:
    """SIGKILL every process of ``uid``, even those that left the process group (root only)."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setresuid(uid, uid, uid)
            os.kill(-1, signal.SIGKILL)  # all processes we may signal, i.e. those of uid
        except OSError:
            pass
        os._exit(0)
    os.waitpid(pid, 0)
