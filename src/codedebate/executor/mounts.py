"""A minimal root for a run: system folders and the Python installation read-only, the run's
own folders at their usual paths, fresh size-capped /tmp and /var/tmp, and nothing else.

The candidate cannot see the project (references/, data), home folders, other runs' folders or
the host's /tmp. Built in a private mount namespace, then entered with chroot (needs root).
"""

from __future__ import annotations

import ctypes
import functools
import os
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
CLONE_NEWNS = 0x00020000
#: Read-only system folders every program may need (symlinks such as /bin -> usr/bin are kept).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
SCRATCH_DIRS = ("/tmp", "/var/tmp", "/dev/shm")
STAGE = "/tmp"  # where the new root is assembled (a fresh tmpfs, after which it becomes "/")
SCRATCH_INODES = 4096  # files and folders a run may create in each scratch mount

_libc = ctypes.CDLL(None, use_errno=True)


def _mount(src: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    enc = lambda s: s.encode() if s is not None else None  # noqa: E731
    if _libc.mount(enc(src), enc(target), enc(fstype), flags, enc(data)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {src} on {target}: {os.strerror(err)}")


def _under(path: str, roots: list[str] | tuple[str, ...]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def _collapse(paths: set[str]) -> list[str]:
    out: list[str] = []
    for p in sorted(paths):
        if not _under(p, out):
            out.append(p)
    return out


@functools.cache
def import_roots() -> tuple[str, ...]:
    """Folders Python imports from (prefixes and sys.path), real paths, outermost only."""
    raw = {sys.base_prefix, sys.prefix, sys.exec_prefix, *(p for p in sys.path if p)}
    real = {os.path.realpath(p) for p in raw if os.path.isdir(p)}
    system = [os.path.realpath(d) for d in SYSTEM_DIRS if os.path.isdir(d)]
    return tuple(p for p in _collapse(real) if not _under(p, system) and p != os.sep)


def _bind(fd: int, target: str, read_only: bool) -> None:
    os.makedirs(target, exist_ok=True)
    _mount(f"/proc/self/fd/{fd}", target, None, MS_BIND | MS_REC)
    flags = MS_BIND | MS_REMOUNT | MS_NOSUID | MS_NODEV | (MS_RDONLY if read_only else 0)
    _mount(None, target, None, flags)


def _snapshot(root: str) -> list[tuple[str, bytes | None]]:
    """(relative path, contents or None for a folder) of a small folder tree."""
    out: list[tuple[str, bytes | None]] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        out += [(os.path.join(rel, d), None) for d in dirnames]
        for name in filenames:
            with open(os.path.join(dirpath, name), "rb") as fh:
                out.append((os.path.join(rel, name), fh.read()))
    return out


def _restore(root: str, entries: list[tuple[str, bytes | None]], owner: int | None) -> None:
    for rel, data in entries:
        path = os.path.normpath(os.path.join(root, rel))
        if data is None:
            os.makedirs(path, mode=0o700, exist_ok=True)
        else:
            with open(path, "wb") as fh:
                fh.write(data)
            os.chmod(path, 0o600)
        if owner is not None:
            os.chown(path, owner, owner)


def isolate(
    rw: list[tuple[str, str]], ro: list[tuple[str, str]], scratch_bytes: int, owner: int | None = None,
) -> None:
    """Enter a private mount namespace whose root holds only what a run needs.

    ``ro`` (source, target) folders are bound read-only at ``target``; ``rw`` ones are not bound
    but copied into fresh tmpfs mounts of ``scratch_bytes`` (owned by ``owner``), so a candidate
    can fill neither the host's disk nor its inodes.
    """
    if _libc.unshare(CLONE_NEWNS) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"unshare(CLONE_NEWNS): {os.strerror(err)}")
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    system = [d for d in SYSTEM_DIRS if os.path.isdir(d) and not os.path.islink(d)]
    runs = [src for src, _ in ro + rw] + [dst for _, dst in ro + rw]
    # an import root that holds /tmp or a run folder (say PYTHONPATH=/tmp) would re-expose it all
    roots = [d for d in import_roots() if not any(_under(x, [d]) for x in (*SCRATCH_DIRS, *runs))]
    targets = [(d, d) for d in system] + [(d, d) for d in roots] + list(ro)
    copies = [(dst, _snapshot(src)) for src, dst in rw]
    links = [(d, os.readlink(d)) for d in SYSTEM_DIRS if os.path.islink(d)]
    # open everything first: the stage tmpfs hides the host's /tmp, where run folders live
    fds = [(os.open(src, os.O_PATH | os.O_DIRECTORY), dst) for src, dst in targets]
    dev = os.open("/dev", os.O_PATH | os.O_DIRECTORY)
    proc = os.open("/proc", os.O_PATH | os.O_DIRECTORY)
    _mount("tmpfs", STAGE, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m")
    old = os.umask(0o022)
    try:
        for path, target in links:
            os.symlink(target, STAGE + path)
        for fd, path in ((dev, "/dev"), (proc, "/proc")):
            os.makedirs(STAGE + path, exist_ok=True)
            _mount(f"/proc/self/fd/{fd}", STAGE + path, None, MS_BIND | MS_REC)
            os.close(fd)
        scratch = f"size={scratch_bytes},nr_inodes={SCRATCH_INODES}"
        for path in SCRATCH_DIRS:  # before the run folders, which usually live under /tmp
            os.makedirs(STAGE + path, exist_ok=True)
            _mount("tmpfs", STAGE + path, "tmpfs", MS_NOSUID | MS_NODEV, f"mode=1777,{scratch}")
        for fd, path in fds:
            _bind(fd, STAGE + path, read_only=True)
            os.close(fd)
        for path, entries in copies:
            os.makedirs(STAGE + path, exist_ok=True)
            who = f",uid={owner},gid={owner}" if owner is not None else ""
            _mount("tmpfs", STAGE + path, "tmpfs", MS_NOSUID | MS_NODEV, f"mode=0700,{scratch}{who}")
            _restore(STAGE + path, entries, owner)
    finally:
        os.umask(old)
    os.chroot(STAGE)
    os.chdir("/")


def available() -> bool:
    """Probe in a throwaway fork whether :func:`isolate` works here."""
    pid = os.fork()
    if pid == 0:
        try:
            isolate([], [], 1 << 20)
            os._exit(0 if os.path.isdir("/usr") else 1)
        except BaseException:  # noqa: BLE001
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0
