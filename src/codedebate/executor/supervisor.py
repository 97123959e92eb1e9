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
import termios
import time
from typing import Any

from . import cgroups, launcher, mounts, sandbox
from .cgroups import RunCgroup
from .housekeeping import children as _children
from .request import RunRequest
from .module_names import ModuleNames

MAX_CHANNEL_BYTES = 8 * 1024 * 1024
GRACE_S = 0.2  # after the test process exits, how long stragglers may keep the pipe open
DRAIN_S = 0.05  # how often a long run's verdict pipe is drained
PIPE_BYTES = 1 << 20
OUTPUT_PIPE_BYTES = 8 << 20  # a big output buffer: fewer wake-ups of writer and reader on a busy machine
TAIL_BYTES = 64 * 1024  # of the child's output, only this much is kept
TAIL_CHARS = 2000
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class Interrupted(BaseException):
    """SIGTERM, SIGINT or SIGHUP reached the supervisor: clean up the run, then end."""


def _interrupt(signum: int, _frame: object) -> None:
    raise Interrupted(signal.Signals(signum).name)


def prepare_supervisor(worker_pid: int) -> None:
    """In a fresh fork of the worker: end (cleaning up) on SIGTERM/SIGINT/SIGHUP, and get SIGTERM
    when the worker dies, however it dies."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, _interrupt)
    sandbox.set_parent_death_signal(signal.SIGTERM)
    if os.getppid() != worker_pid:  # the worker died before the line above
        raise Interrupted("the worker is gone")


def _child(req: RunRequest, wfd: int, owfd: int, uid: int | None, cgroup: RunCgroup | None) -> None:
    """Confine this process and run pytest; never returns."""
    code = 70
    try:
        for sig in STOP_SIGNALS:
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        os.setsid()
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(owfd, 1)  # output goes to the supervisor, which keeps only its tail
        os.dup2(owfd, 2)
        if cgroup is not None:
            cgroup.join()
        if sandbox.CAPS.get("network_namespace") and not sandbox.unshare_network():
            raise OSError("network namespace failed")
        if sandbox.CAPS.get("ipc_namespace") and not sandbox.unshare_ipc():
            raise OSError("IPC namespace failed")
        zygote = bool(sandbox.CAPS.get("mount_namespace") and uid is not None)
        paths = launcher.child_paths(req, zygote)
        if zygote:
            mounts.isolate([(req.workdir, paths["workdir"])], [(req.test_dir, paths["test_dir"])],
                           req.max_file_bytes, owner=uid)
        sandbox.close_fds_except(wfd, *(launcher.ZYGOTE_FDS if zygote else ()))
        os.environ.clear()
        os.environ.update(sandbox.clean_env(paths["workdir"]))
        os.chdir(paths["workdir"])
        os.umask(0o077)
        sandbox.apply_limits(sandbox.Limits(
            cpu_s=req.cpu_s, memory_bytes=req.memory_bytes,
            max_processes=req.max_processes + (sandbox.own_process_count() if uid is None else 0),
            max_file_bytes=req.max_file_bytes,
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
        names = ModuleNames(req.allowed_globals, req.test_defs, req.test_imported)
        arm = (wfd, req.nonce, list(req.expected), req.max_chars, names, req.expected_values)
        code = launcher.run(paths, arm, zygote)
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


def run(req: RunRequest) -> dict[str, Any]:
    """Fork the confined child, collect its verdict lines until it ends or the deadline passes.

    Whatever ends the run (its end, the deadline, an exception, SIGTERM/SIGINT/SIGHUP, the
    worker's death), every process of the run is killed and its cgroup removed before we return.
    """
    sandbox.become_subreaper()  # orphans of the run (daemons) are re-parented to us, and reaped
    uid = sandbox.UID_BASE + os.getpid() if sandbox.CAPS.get("privilege_drop") else None
    pid: int | None = None
    cgroup = None
    try:
        if uid is not None:  # (a dead run's survivors with this uid were killed by the worker)
            _chown_tree(req.workdir, uid)
            _share_tests(req.test_dir, uid)
        if sandbox.CAPS.get("cgroups"):
            cgroup = RunCgroup.create(cgroups.run_name(os.getpid()), req.memory_bytes, req.max_processes)
        rfd, wfd = os.pipe()
        orfd, owfd = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            os.close(orfd)
            _child(req, wfd, owfd, uid, cgroup)
        os.close(wfd)
        os.close(owfd)
        try:
            seen = _watch(pid, rfd, orfd, start + req.timeout_s)
        finally:
            os.close(rfd)
            os.close(orfd)
    finally:
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)  # a second signal must not cut this short
        _kill_all(pid, uid, cgroup)
        _reap_orphans()
        if cgroup is not None:
            cgroup.remove()
    lines, overflow, timed_out, status, cpu_s, tail = seen
    exit_code = os.waitstatus_to_exitcode(status) if status is not None else None
    if exit_code is not None and -exit_code in (signal.SIGXCPU, signal.SIGKILL) and cpu_s >= req.cpu_s - 0.05:
        timed_out = True  # the CPU-time limit, not the wall clock, stopped it
    return {
        "lines": lines,
        "exit_code": exit_code if exit_code is not None and exit_code >= 0 else None,
        "signal": -exit_code if exit_code is not None and exit_code < 0 else None,
        "timed_out": timed_out,
        "overflow": overflow,
        "duration_s": time.monotonic() - start,
        "output_tail": tail.decode("utf-8", "replace")[-TAIL_CHARS:],
        "uid": uid,
        "cpu_s": round(cpu_s, 4),
        "cgroup": cgroup is not None,
    }


def _watch(pid: int, rfd: int, orfd: int, deadline: float) -> tuple[list[str], bool, bool, int, float, bytes]:
    """Collect the verdict pipe until the child has exited and the pipe is closed, or the deadline;
    keep the last TAIL_BYTES of the child's output (it may write as much as it likes).

    We sleep on the child's pidfd and its output and drain the (enlarged) verdict pipe every
    DRAIN_S, rather than waking for every record: on a busy machine each wake-up costs the child
    a context switch.
    """
    chunks: list[bytes] = []
    tail = bytearray()
    size = 0
    overflow = timed_out = eof = out_eof = False
    status: int | None = None
    usage = None
    exited_at: float | None = None
    for fd, capacity in ((rfd, PIPE_BYTES), (orfd, OUTPUT_PIPE_BYTES)):
        for want in (capacity, PIPE_BYTES):  # above pipe-max-size needs root
            try:
                fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, want)
                break
            except OSError:
                pass
        os.set_blocking(fd, False)
    pidfd = os.pidfd_open(pid)
    try:
        while True:
            now = time.monotonic()
            if status is None:
                if now >= deadline:
                    timed_out = True
                    break
                ready = select.select([pidfd] + ([] if out_eof else [orfd]), [], [], min(deadline - now, DRAIN_S))[0]
                if pidfd in ready:
                    _, status, usage = os.wait4(pid, 0)
                    exited_at = time.monotonic()
            elif not eof:
                if now - exited_at > GRACE_S or now >= deadline:
                    break  # a straggler holds the pipe open; it is killed below
                select.select([rfd], [], [], min(GRACE_S, max(0.0, deadline - now)))
            out_eof = _drain_tail(orfd, tail) or out_eof
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
    _drain_tail(orfd, tail)
    text = b"".join(chunks).decode("utf-8", "replace")
    cpu_s = usage.ru_utime + usage.ru_stime
    return [ln for ln in text.split("\n") if ln.strip()], overflow, timed_out, status, cpu_s, bytes(tail)


def _drain_tail(fd: int, tail: bytearray) -> bool:
    """Read what is waiting on ``fd`` keeping only the last TAIL_BYTES; True at end of file.

    What lies before the tail is spliced to /dev/null in the kernel, never copied to us."""
    while True:
        waiting = _pending(fd)
        if waiting > TAIL_BYTES:
            try:
                os.splice(fd, _devnull(), waiting - TAIL_BYTES)
                tail.clear()
            except OSError:
                pass
        try:
            data = os.read(fd, 1 << 20)
        except (BlockingIOError, InterruptedError):
            return False
        if not data:
            return True
        tail += data
        if len(tail) > TAIL_BYTES:
            del tail[:-TAIL_BYTES]


def _pending(fd: int) -> int:
    """Bytes waiting in a pipe (FIONREAD)."""
    buf = bytearray(4)
    try:
        fcntl.ioctl(fd, termios.FIONREAD, buf)
    except OSError:
        return 0
    return int.from_bytes(buf, sys.byteorder)


_NULL: list[int] = []


def _devnull() -> int:
    if not _NULL:
        _NULL.append(os.open(os.devnull, os.O_WRONLY))
    return _NULL[0]


def _share_tests(test_dir: str, uid: int) -> None:
    """Let the run's group (and nobody else) read the tests: 0750 / 0640, group = the run's gid."""
    os.chown(test_dir, -1, uid)
    os.chmod(test_dir, 0o750)
    for name in os.listdir(test_dir):
        path = os.path.join(test_dir, name)
        os.chown(path, -1, uid)
        os.chmod(path, 0o640)


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


def _kill_all(pid: int | None, uid: int | None, cgroup: RunCgroup | None) -> None:
    """Kill the process group, the cgroup's members (else every process of the run's uid), and
    whatever is left below us."""
    if pid is not None:
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
