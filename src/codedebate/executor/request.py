"""What the executor sends its worker: one typed request per run, the same object from the client
through the worker and supervisor down to the launcher (JSON on the wire)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True)
class RunRequest:
    """Run one candidate's pytest session in the sandbox."""

    workdir: str  # the candidate's files (copied into the sandbox)
    test_dir: str  # holds test_file and ini_file (bound read-only)
    test_file: str
    ini_file: str
    nonce: str  # every verdict line must carry it
    expected: tuple[str, ...]  # the test names that count
    timeout_s: float  # wall clock of the whole run
    cpu_s: int  # RLIMIT_CPU
    memory_bytes: int  # RLIMIT_AS and the cgroup's memory cap
    max_processes: int
    max_file_bytes: int  # RLIMIT_FSIZE and the size of each scratch tmpfs
    max_chars: int  # failure messages are cut to this
    allowed_globals: tuple[str, ...] | None = None  # module_names.ModuleNames of the test module
    test_defs: tuple[str, ...] = ()
    test_imported: tuple[str, ...] = ()
    #: check number -> plain.encode(expected value), for results that are not plain data (checks.py)
    expected_values: dict[str, Any] | None = None
    op: str = "run"

    def to_wire(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class MetricsRequest:
    """Pylint and Radon on the pristine copies in ``dir``."""

    dir: str
    files: tuple[str, ...]
    rcfile: str
    timeout_s: float
    memory_bytes: int
    op: str = "metrics"

    def to_wire(self) -> dict[str, Any]:
        return asdict(self)


REQUESTS = {"run": RunRequest, "metrics": MetricsRequest}


def from_wire(message: Any) -> RunRequest | MetricsRequest:
    """The request a wire message holds; ValueError for an unknown op or wrong fields."""
    if not isinstance(message, dict) or message.get("op") not in REQUESTS:
        raise ValueError(f"unknown request {message.get('op') if isinstance(message, dict) else message!r}")
    cls = REQUESTS[message["op"]]
    names = {f.name for f in fields(cls)}
    if set(message) != names:
        raise ValueError(f"{cls.__name__}: expected fields {sorted(names)}, got {sorted(message)}")
    data = dict(message)
    for key in ("expected", "files", "allowed_globals", "test_defs", "test_imported"):
        if data.get(key) is not None:
            data[key] = tuple(data[key])
    return cls(**data)
