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
CLONE_NEWIPC = 0x08000000
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


def unshare_ipc() -> bool:
    """Move this process into a new IPC namespace: SysV shared memory, message queues, semaphores
    and POSIX message queues made in it die with the run and are invisible to every other run."""
    return _libc.unshare(CLONE_NEWIPC) == 0


# --------------------------------------------------------------------------- syscall filter
AUDIT_ARCH_X86_64 = 0xC000003E
X32_BIT = 0x40000000
SYS_SOCKET, SYS_SOCKETPAIR = 41, 53
#: Kernel objects outside every namespace we make (keyrings) and a way around socket filtering
#: (io_uring can open sockets without the socket syscall): refused outright.
DENIED_SYSCALLS = {248: "add_key", 249: "request_key", 250: "keyctl", 425: "io_uring_setup",
                   426: "io_uring_enter", 427: "io_uring_register"}
#: Socket families a candidate may open: Unix sockets (private to the run's mount and network
#: namespaces) and IP (an empty network namespace). Not vsock (reaches the host), netlink, packet...
ALLOWED_FAMILIES = (1, 2, 10)
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
EAFNOSUPPORT, ENOSYS = 97, 38


class _SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_SockFilter))]


def _filter_program() -> list[tuple[int, int, int, int]]:
    """A classic-BPF seccomp program: (code, jt, jf, k) per instruction."""
    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, no_family, no_call = SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | EAFNOSUPPORT, SECCOMP_RET_ERRNO | ENOSYS
    denied = sorted(DENIED_SYSCALLS)
    prog = [(ld, 0, 0, 4), (jeq, 1, 0, AUDIT_ARCH_X86_64), (ret, 0, 0, no_call), (ld, 0, 0, 0),
            (jge, 0, 1, X32_BIT), (ret, 0, 0, no_call)]
    # socket / socketpair -> the family check at the end; denied calls -> ENOSYS
    family_at = len(prog) + 2 + len(denied) + 2
    prog.append((jeq, family_at - len(prog) - 1, 0, SYS_SOCKET))
    prog.append((jeq, family_at - len(prog) - 1, 0, SYS_SOCKETPAIR))
    deny_at = family_at - 1
    for nr in denied:
        prog.append((jeq, deny_at - len(prog) - 1, 0, nr))
    prog += [(ret, 0, 0, allow), (ret, 0, 0, no_call)]
    assert len(prog) == family_at
    prog.append((ld, 0, 0, 16))  # args[0], low 32 bits: the address family
    for i, family in enumerate(ALLOWED_FAMILIES):
        prog.append((jeq, len(ALLOWED_FAMILIES) - i, 0, family))
    prog += [(ret, 0, 0, no_family), (ret, 0, 0, allow)]
    return prog


def install_syscall_filter() -> bool:
    """Refuse keyrings, io_uring and socket families other than Unix and IP for this process and
    everything it starts (needs no_new_privs or root); False where seccomp is unavailable."""
    import platform

    if platform.machine() != "x86_64":
        return False
    prog = _filter_program()
    filters = (_SockFilter * len(prog))(*[_SockFilter(*ins) for ins in prog])
    fprog = _SockFprog(len(prog), filters)
    return _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) == 0


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


def set_parent_death_signal(sig: int) -> None:
    """Get ``sig`` when the parent dies (however it dies)."""
    _libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)


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
