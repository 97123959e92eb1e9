"""A recurrence rule: how often an event repeats and when it stops."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

FREQUENCIES = ("daily", "weekly", "monthly", "yearly")


@dataclass(frozen=True)
class Rule:
    """Repeat every ``interval`` days/weeks/months/years, at most ``count`` times, not after ``until``."""

    freq: str
    interval: int = 1
    weekdays: tuple[int, ...] = ()
    count: int | None = None
    until: date | None = None

    def __post_init__(self) -> None:
        if self.freq not in FREQUENCIES:
            raise ValueError(f"unknown frequency {self.freq!r}; use one of {', '.join(FREQUENCIES)}")
        if self.interval < 1:
            raise ValueError(f"interval must be at least 1, got {self.interval}")
        if self.count is not None and self.count < 1:
            raise ValueError(f"count must be at least 1, got {self.count}")
        if self.weekdays and self.freq != "weekly":
            raise ValueError("weekdays only apply to weekly rules")
        if any(not 0 <= d <= 6 for d in self.weekdays):
            raise ValueError(f"weekdays are 0 (Monday) to 6 (Sunday), got {self.weekdays}")
        object.__setattr__(self, "weekdays", tuple(sorted(set(self.weekdays))))

    @property
    def finite(self) -> bool:
        return self.count is not None or self.until is not None
