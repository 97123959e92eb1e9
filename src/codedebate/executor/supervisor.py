"""Run one candidate's pytest session in a confined child and watch it from outside.

Called in a fresh fork of the worker (trusted, still privileged); returns a plain dict the
parent turns into verdicts. The child never sees the supervisor's memory after it starts.
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import sys
import time
from typing import Any

from . import launcher, mounts, sandbox
from .cgroups import RunCgroup

MAX_CHANNEL_BYTES = 8 * 1024 * 1024
GRACE_S = 0.2  # after the test process exits, how long stragglers may keep the pipe open
DRAIN_S = 0.05  # how often a long run's verdict pipe is drained
PIPE_BYTES = 1 << 20


def _child(req: dict[str, Any], wfd: int, uid: int | None, cgroup: RunCgroup | None) -> None:
    """Confine this process and run pytest; never returns."""
    code = 70
    try:
        os.setsid()
        out = os.open(req["out_file"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(out, 2)
        if cgroup is not None:
            cgroup.join()
        if sandbox.CAPS.get("network_namespace") and not sandbox.unshare_network():
            raise OSError("network namespace failed")
        if sandbox.CAPS.get("ipc_namespace") and not sandbox.unshare_ipc():
            raise OSError("IPC namespace failed")
        zygote = bool(sandbox.CAPS.get("mount_namespace") and uid is not None)
        paths = launcher.child_paths(req, zygote)
        if zygote:
            mounts.isolate([(req["workdir"], paths["workdir"])], [(req["test_dir"], paths["test_dir"])],
                           req["max_file_bytes"], owner=uid)
        sandbox.close_fds_except(wfd, *(launcher.ZYGOTE_FDS if zygote else ()))
        os.environ.clear()
        os.environ.update(sandbox.clean_env(paths["workdir"]))
        os.chdir(paths["workdir"])
        os.umask(0o077)
        sandbox.apply_limits(sandbox.Limits(
            cpu_s=req["cpu_s"], memory_bytes=req["memory_bytes"],
            max_processes=req["max_processes"] + (sandbox.own_process_count() if uid is None else 0),
            max_file_bytes=req["max_file_bytes"],
        ))
        if uid is not None:
            sandbox.drop_privileges(uid)
        sandbox.harden_process()
        if sandbox.CAPS.get("syscall_filter") and not sandbox.install_syscall_filter():
            raise OSError("syscall filter failed")
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        sys.dont_write_bytecode = True
        sys.path.insert(0, paths["workdir"])
        code = launcher.run(paths, (wfd, req["nonce"], req["expected"], req["max_chars"]), zygote)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - anything goes wrong: exit, the parent sees no verdict
        code = 71
        try:
            import traceback

            os.write(2, ("codedebate sandbox: " + traceback.format_exc()[-1500:]).encode("utf-8", "replace"))
        except BaseException:  # noqa: BLE001
            pass
    os._exit(code)


def run(req: dict[str, Any]) -> dict[str, Any]:
    """Fork the confined child, collect its verdict lines until it ends or the deadline passes."""
    sandbox.become_subreaper()  # orphans of the run (daemons) are re-parented to us, and reaped
    uid = sandbox.UID_BASE + os.getpid() if sandbox.CAPS.get("privilege_drop") else None
    if uid is not None:
        _chown_tree(req["workdir"], uid)
    cgroup = None
    if sandbox.CAPS.get("cgroups"):
        cgroup = RunCgroup.create(f"run{os.getpid()}", req["memory_bytes"], req["max_processes"])
    rfd, wfd = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.close(rfd)
        _child(req, wfd, uid, cgroup)
    os.close(wfd)
    lines, overflow, timed_out, status, cpu_s = _watch(pid, rfd, start + req["timeout_s"])
    os.close(rfd)
    _kill_all(pid, uid, cgroup)
    _reap_orphans()
    if cgroup is not None:
        cgroup.remove()
    exit_code = os.waitstatus_to_exitcode(status) if status is not None else None
    if exit_code is not None and -exit_code in (signal.SIGXCPU, signal.SIGKILL) and cpu_s >= req["cpu_s"] - 0.05:
        timed_out = True  # the CPU-time limit, not the wall clock, stopped it
    return {
        "lines": lines,
        "exit_code": exit_code if exit_code is not None and exit_code >= 0 else None,
        "signal": -exit_code if exit_code is not None and exit_code < 0 else None,
        "timed_out": timed_out,
        "overflow": overflow,
        "duration_s": time.monotonic() - start,
        "output_tail": _tail(req["out_file"], 2000),
        "uid": uid,
        "cpu_s": round(cpu_s, 4),
        "cgroup": cgroup is not None,
    }


def _watch(pid: int, rfd: int, deadline: float) -> tuple[list[str], bool, bool, int, float]:
    """Collect the pipe until the child has exited and the pipe is closed, or the deadline.

    We sleep on the child's pidfd and drain the (enlarged) pipe every DRAIN_S, rather than
    waking for every record: on a busy machine each wake-up costs the child a context switch.
    """
    chunks: list[bytes] = []
    size = 0
    overflow = timed_out = eof = False
    status: int | None = None
    usage = None
    exited_at: float | None = None
    try:
        fcntl.fcntl(rfd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except OSError:
        pass
    os.set_blocking(rfd, False)
    pidfd = os.pidfd_open(pid)
    try:
        while True:
            now = time.monotonic()
            if status is None:
                if now >= deadline:
                    timed_out = True
                    break
                if select.select([pidfd], [], [], min(deadline - now, DRAIN_S))[0]:
                    _, status, usage = os.wait4(pid, 0)
                    exited_at = time.monotonic()
            elif not eof:
                if now - exited_at > GRACE_S or now >= deadline:
                    break  # a straggler holds the pipe open; it is killed below
                select.select([rfd], [], [], min(GRACE_S, max(0.0, deadline - now)))
            while not eof and not overflow:
                try:
                    data = os.read(rfd, 1 << 20)
                except BlockingIOError:
                    break
                if not data:
                    eof = True
                    break
                size += len(data)
                overflow = size > MAX_CHANNEL_BYTES
                chunks.append(data)
            if overflow or (eof and status is not None):
                break
    finally:
        os.close(pidfd)
    if status is None:
        for kill in (os.killpg, os.kill):  # the rest of the run is killed by run() afterwards
            try:
                kill(pid, signal.SIGKILL)
            except OSError:
                pass
        _, status, usage = os.wait4(pid, 0)
    text = b"".join(chunks).decode("utf-8", "replace")
    cpu_s = usage.ru_utime + usage.ru_stime
    return [ln for ln in text.split("\n") if ln.strip()], overflow, timed_out, status, cpu_s


def _children() -> list[int]:
    """Our direct children (as a subreaper, that includes the run's orphans)."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def _kill_descendants(rounds: int = 20) -> None:
    """Kill every child, reap, repeat: grandchildren re-parent to us as their parents die.

    The one layer that needs neither root nor cgroups: it also catches daemons that left the
    process group with setsid().
    """
    for _ in range(rounds):
        kids = _children()
        if not kids:
            return
        for kid in kids:
            try:
                os.kill(kid, signal.SIGKILL)
            except OSError:
                pass
        for kid in kids:
            try:
                os.waitpid(kid, 0)
            except ChildProcessError:
                pass


def _kill_all(pid: int, uid: int | None, cgroup: RunCgroup | None) -> None:
    """Kill the process group, the cgroup's members (else every process of the run's uid), and
    whatever is left below us."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    if cgroup is not None:
        cgroup.kill()  # members cannot leave the cgroup, so this reaches every descendant
    elif uid is not None:
        for _ in range(3):  # a fork bomb may fork between passes
            sandbox.kill_uid(uid)
    _kill_descendants()


def _reap_orphans(limit_s: float = 2.0) -> None:
    """Collect every exited descendant so none is left as a zombie."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.005)


def _chown_tree(path: str, uid: int) -> None:
    for dirpath, _dirnames, filenames in os.walk(path):
        os.chown(dirpath, uid, uid)
        for name in filenames:
            os.chown(os.path.join(dirpath, name), uid, uid)


def _tail(path: str, limit: int) -> str:
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            fh.seek(max(0, fh.tell() - limit))
            return fh.read().decode("utf-8", "replace")
    except OSError:
        return ""
