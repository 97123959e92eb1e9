"""A per-run cgroup (v1 memory + pids controllers) capping a run's total memory and processes.

Optional: where cgroups cannot be created (not root, read-only /sys/fs/cgroup) runs fall back
to per-process rlimits, and the executor says so once.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

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
                path.mkdir(parents=True, exist_ok=True)
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


def available() -> bool:
    """Whether per-run cgroups can be made here."""
    probe = RunCgroup.create(f"probe{os.getpid()}", 1 << 30, 64)
    if probe is None:
        return False
    probe.remove()
    return True
