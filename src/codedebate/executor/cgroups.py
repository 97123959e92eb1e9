"""A per-run cgroup (v1 memory + pids controllers) capping a run's total memory and processes.

Optional: where cgroups cannot be created (not root, read-only /sys/fs/cgroup) runs fall back
to per-process rlimits, and the executor says so once. A run's cgroup is named after its
supervisor (pid and start time), so a stale one is recognised and removed (``clean_stale``).
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from . import housekeeping

ROOT = Path("/sys/fs/cgroup")
GROUP = "codedebate"


@dataclass
class RunCgroup:
    """Memory and pids cgroups of one run."""

    dirs: list[Path]

    @classmethod
    def create(cls, name: str, memory_bytes: int, max_processes: int) -> RunCgroup | None:
        """Make the cgroups, or return None if this machine does not let us."""
        limits = {
            "memory": {"memory.limit_in_bytes": memory_bytes},
            "pids": {"pids.max": max_processes},
        }
        made: list[Path] = []
        try:
            for controller, files in limits.items():
                path = ROOT / controller / GROUP / name
                if path.exists():  # left by a dead run: its members must not join ours
                    cls([path]).kill()
                    cls([path]).remove()
                path.mkdir(parents=True, exist_ok=False)
                made.append(path)
                for fname, value in files.items():
                    (path / fname).write_text(str(value))
        except OSError:
            cls(made).remove()
            return None
        return cls(made)

    def join(self) -> None:
        """Move the calling process into every cgroup of the run."""
        for path in self.dirs:
            (path / "cgroup.procs").write_text(str(os.getpid()))

    def pids(self) -> set[int]:
        found: set[int] = set()
        for path in self.dirs:
            try:
                found.update(int(p) for p in (path / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                pass
        return found

    def kill(self) -> None:
        """SIGKILL every member until none is left (a fork bomb keeps forking for a moment)."""
        for _ in range(50):
            members = self.pids()
            if not members:
                return
            for pid in members:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.01)

    def remove(self) -> None:
        for path in self.dirs:
            for _ in range(50):
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


def run_name(pid: int) -> str:
    """The cgroup name of the run supervised by ``pid``: unique even when pids are reused."""
    return f"run-{pid}-{housekeeping.start_time(pid)}"


def _stale(name: str) -> bool:
    parts = name.split("-")
    if len(parts) == 3 and parts[0] in ("run", "probe") and parts[1].isdigit():
        return housekeeping.start_time(int(parts[1])) != parts[2]
    digits = name.lstrip("runprobe")  # the older form run<pid> / probe<pid>
    return name.startswith(("run", "probe")) and digits.isdigit() and not housekeeping.alive(int(digits))


def clean_stale() -> list[str]:
    """Kill the members of, and remove, every run cgroup whose supervisor is gone."""
    removed = []
    for controller in ("memory", "pids"):
        try:
            entries = list(os.scandir(ROOT / controller / GROUP))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir() and _stale(entry.name):
                group = RunCgroup([Path(entry.path)])
                group.kill()
                group.remove()
                removed.append(f"{controller}/{entry.name}")
    return removed


def available() -> bool:
    """Whether per-run cgroups can be made here."""
    probe = RunCgroup.create(f"probe-{os.getpid()}-{housekeeping.start_time(os.getpid())}", 1 << 30, 64)
    if probe is None:
        return False
    probe.remove()
    return True
