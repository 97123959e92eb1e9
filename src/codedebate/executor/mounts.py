"""A private mount namespace for a run: fresh /tmp, hidden home folders, the interpreter read-only.

The candidate keeps seeing the paths Python imports from and its own run folders at their usual
places; everything else that was private (e.g. /root) is covered by an empty tmpfs, and the
world-writable scratch folders (/tmp, /var/tmp, /dev/shm) are fresh, size-capped tmpfs mounts.
"""

from __future__ import annotations

import ctypes
import functools
import os
import stat
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 1, 2, 4, 32, 4096, 16384, 1 << 18
CLONE_NEWNS = 0x00020000
SCRATCH = ("/tmp", "/var/tmp", "/dev/shm")

_libc = ctypes.CDLL(None, use_errno=True)


def _mount(src: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    enc = lambda s: s.encode() if s is not None else None  # noqa: E731
    if _libc.mount(enc(src), enc(target), enc(fstype), flags, enc(data)) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {src} on {target}: {os.strerror(err)}")


def _others_can_enter(path: str) -> bool:
    try:
        return bool(os.stat(path).st_mode & stat.S_IXOTH)
    except OSError:
        return False


def _top_private_ancestor(path: str) -> str | None:
    """The highest folder on the way to ``path`` that other users cannot enter."""
    parts = path.split(os.sep)
    for i in range(2, len(parts) + 1):
        sub = os.sep.join(parts[:i])
        if not _others_can_enter(sub):
            return sub
    return None


def _collapse(paths: set[str]) -> list[str]:
    out: list[str] = []
    for p in sorted(paths):
        if not any(p == q or p.startswith(q.rstrip(os.sep) + os.sep) for q in out):
            out.append(p)
    return out


@functools.cache
def import_roots() -> tuple[str, ...]:
    """Folders Python needs to import from (prefixes and sys.path), real paths, outermost only."""
    raw = {sys.base_prefix, sys.prefix, sys.exec_prefix, *(p for p in sys.path if p)}
    return tuple(_collapse({os.path.realpath(p) for p in raw if os.path.isdir(p)}))


def _under(path: str, roots: list[str]) -> bool:
    return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)


def plan(run_dirs: list[str]) -> tuple[list[str], list[str]]:
    """(folders to cover with tmpfs, import roots to re-expose read-only under them)."""
    covers = {a for a in (_top_private_ancestor(r) for r in import_roots()) if a and a != os.sep}
    covers.update(d for d in SCRATCH if os.path.isdir(d))
    cover_list = _collapse(covers)
    reexpose = [
        r for r in import_roots()
        if _under(r, cover_list) and not _under(r, run_dirs)
        and not any(_under(c, [r]) for c in cover_list + run_dirs)  # never re-expose a whole /tmp
    ]
    return cover_list, reexpose


def isolate(rw_dirs: list[str], ro_dirs: list[str], scratch_bytes: int) -> None:
    """Enter a new mount namespace laid out as described above (needs root)."""
    if _libc.unshare(CLONE_NEWNS) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"unshare(CLONE_NEWNS): {os.strerror(err)}")
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    covers, reexpose = plan(rw_dirs + ro_dirs)
    keep = [(p, True) for p in reexpose] + [(p, True) for p in ro_dirs] + [(p, False) for p in rw_dirs]
    fds = [(os.open(p, os.O_PATH | os.O_DIRECTORY), p, ro) for p, ro in keep]
    for cover in covers:
        opts = f"mode=1777,size={scratch_bytes}" if cover in SCRATCH else "mode=0755,size=1m"
        _mount("tmpfs", cover, "tmpfs", MS_NOSUID | MS_NODEV, opts)
    old = os.umask(0o022)
    try:
        for fd, path, ro in fds:
            os.makedirs(path, exist_ok=True)
            _mount(f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC)
            flags = MS_BIND | MS_REMOUNT | MS_NOSUID | MS_NODEV | (MS_RDONLY if ro else 0)
            _mount(None, path, None, flags)
            os.close(fd)
    finally:
        os.umask(old)


def available() -> bool:
    """Probe in a throwaway fork whether :func:`isolate` works here."""
    pid = os.fork()
    if pid == 0:
        try:
            isolate([], [], 1 << 20)
            os._exit(0)
        except BaseException:  # noqa: BLE001
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0
