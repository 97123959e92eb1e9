"""Nothing outlives a run: what dead runs left behind (processes of a run uid, cgroups, temp
folders) is found by the pid of the process that made it and removed at the next start.

Every name carries its maker's pid: temp folders ``codedebate-run-<pid>-*`` and
``codedebate-worker-<pid>-*`` (the executor's process), cgroups ``run-<pid>-<start time>``
(the supervisor) and run uids ``UID_BASE + <supervisor pid>``. A thing is stale when its maker
is dead (for cgroups: when no process with that pid and start time exists).
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import time
from pathlib import Path

RUN_PREFIX = "codedebate-run-"
WORKER_PREFIX = "codedebate-worker-"
UID_SPAN = 1 << 22  # pids never reach this (pid_max is at most 2**22)


def alive(pid: int) -> bool:
    """A process with this pid exists (zombies count as dead)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except (OSError, IndexError):
        return False


def start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[19].decode()
    except (OSError, IndexError):
        return None


def maker_pid(name: str, prefix: str) -> int | None:
    """The pid in ``<prefix><pid>-...``; None for names of another form."""
    head = name[len(prefix):].split("-", 1)[0] if name.startswith(prefix) else ""
    return int(head) if head.isdigit() else None


def remove_tree(root: Path) -> None:
    """Remove a folder even if a candidate chmod-ed parts of it away."""
    def fix(func, path, _exc):
        try:
            os.chmod(os.path.dirname(path), stat.S_IRWXU)
            os.chmod(path, stat.S_IRWXU)
            func(path)
        except OSError:
            pass

    shutil.rmtree(root, onerror=fix)
    if root.exists():
        shutil.rmtree(root, ignore_errors=True)


def folders_of(pid: int, tmp: str | os.PathLike) -> list[Path]:
    """Run and worker folders that process ``pid`` made in ``tmp``."""
    try:
        entries = list(os.scandir(tmp))
    except OSError:
        return []
    return [Path(e.path) for e in entries if any(maker_pid(e.name, p) == pid for p in (RUN_PREFIX, WORKER_PREFIX))]


def clean_stale_folders(tmp: str | os.PathLike) -> list[str]:
    """Remove run and worker folders (ours) whose maker is dead; returns their names."""
    removed = []
    try:
        entries = list(os.scandir(tmp))
    except OSError:
        return removed
    for entry in entries:
        pid = maker_pid(entry.name, RUN_PREFIX) or maker_pid(entry.name, WORKER_PREFIX)
        try:
            mine = entry.is_dir(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_uid == os.geteuid()
        except OSError:
            continue
        if pid is not None and mine and not alive(pid):
            remove_tree(Path(entry.path))
            removed.append(entry.name)
    return removed


def kill_stale_uids(uid_base: int) -> list[int]:
    """SIGKILL every process of a run uid whose supervisor is dead (root only); returns the uids."""
    if os.geteuid() != 0:
        return []
    found: set[int] = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            uid = entry.stat().st_uid
        except OSError:
            continue
        if uid_base <= uid < uid_base + UID_SPAN and not alive(uid - uid_base):
            found.add(uid)
    from .sandbox import kill_uid

    for uid in found:
        kill_uid(uid)
    return sorted(found)


def stop_children(grace_s: float = 5.0) -> None:
    """SIGTERM our children (each supervisor then cleans up its run), SIGKILL what is left after
    ``grace_s``. Children are read from /proc, so no pid of a stranger is ever signalled."""
    deadline = time.monotonic() + grace_s
    sent: set[int] = set()
    while True:
        kids = children()
        if not kids:
            return
        late = time.monotonic() >= deadline
        for kid in kids:
            if late or kid not in sent:
                try:
                    os.kill(kid, signal.SIGKILL if late else signal.SIGTERM)
                except OSError:
                    pass
                sent.add(kid)
        try:
            os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            pass
        time.sleep(0.02)


def children() -> list[int]:
    """Our direct children (a subreaper's include re-parented orphans)."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []
