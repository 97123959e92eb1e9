"""Executor settings: time, memory, process and output limits, and whether to measure metrics."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

#: Environment variable naming sandbox layers to switch off (see docs/sandbox.md).
DISABLE_ENV = "CODEDEBATE_SANDBOX_DISABLE"


@dataclass(frozen=True)
class ExecutorSettings:
    """Limits for one candidate run; every field that can change a verdict is in the cache key."""

    timeout_s: float = 30.0  # wall clock for the whole pytest run of one candidate
    cpu_time_s: float | None = None  # RLIMIT_CPU; None means the wall-clock timeout
    memory_mb: int = 1024  # address space per process, and the run's cgroup memory cap
    max_processes: int = 32  # processes and threads of the run (cgroup pids / RLIMIT_NPROC)
    max_output_bytes: int = 16 * 1024 * 1024  # largest file (stdout capture included) a run may write
    max_message_chars: int = 2000  # failure messages are cut to this many characters
    metrics: bool = True  # Pylint score and Radon complexity
    metrics_timeout_s: float = 60.0

    def __post_init__(self) -> None:
        if self.timeout_s <= 0:
            raise ValueError(f"ExecutorSettings.timeout_s must be > 0, got {self.timeout_s}")
        if self.cpu_time_s is not None and self.cpu_time_s <= 0:
            raise ValueError(f"ExecutorSettings.cpu_time_s must be > 0 or None, got {self.cpu_time_s}")
        for name in ("memory_mb", "max_processes", "max_output_bytes", "max_message_chars", "metrics_timeout_s"):
            if getattr(self, name) <= 0:
                raise ValueError(f"ExecutorSettings.{name} must be > 0, got {getattr(self, name)}")

    @property
    def cpu_limit_s(self) -> int:
        """Whole seconds of CPU time a run may use (at least 1)."""
        return max(1, math.ceil(self.cpu_time_s if self.cpu_time_s is not None else self.timeout_s))

    def key(self) -> dict[str, Any]:
        """The fields that go into the cache key."""
        return asdict(self)
