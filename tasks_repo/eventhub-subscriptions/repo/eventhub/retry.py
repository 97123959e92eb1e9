"""Retrying handlers that fail: exponential backoff, then the dead-letter list."""

from __future__ import annotations

from dataclasses import dataclass, field

from .events import Event
from .handlers import Handler


@dataclass
class RetryPolicy:
    attempts: int = 3
    first_delay_s: float = 0.5
    factor: float = 2.0

    def delays(self) -> list[float]:
        return [round(self.first_delay_s * self.factor ** i, 3) for i in range(self.attempts - 1)]


@dataclass
class Outcome:
    note: str | None
    tries: int
    errors: list[str] = field(default_factory=list)


def deliver(handler: Handler, event: Event, policy: RetryPolicy, sleep=lambda s: None) -> Outcome:
    """Call the handler until it succeeds or the attempts run out (``sleep`` between tries)."""
    errors: list[str] = []
    delays = policy.delays()
    for attempt in range(policy.attempts):
        try:
            return Outcome(handler.handle(event), attempt + 1, errors)
        except Exception as exc:  # noqa: BLE001 - a handler's failure is data here
            errors.append(f"{type(exc).__name__}: {exc}")
            if attempt < len(delays):
                sleep(delays[attempt])
    return Outcome(None, policy.attempts, errors)
