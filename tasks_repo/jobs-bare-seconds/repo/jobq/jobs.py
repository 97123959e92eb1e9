"""Jobs: a name, a priority, how long they take (simulated) and whether they fail."""

from __future__ import annotations

from dataclasses import dataclass, field

STATUSES = ("queued", "running", "done", "failed", "timeout")


@dataclass
class Job:
    name: str
    seconds: float
    priority: int = 5
    failures: int = 0  # how many attempts fail before one succeeds
    status: str = "queued"
    attempts: int = 0
    log: list[str] = field(default_factory=list)

    def mark(self, status: str, note: str = "") -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown status {status!r}")
        self.status = status
        self.log.append(f"{status}{': ' + note if note else ''}")
