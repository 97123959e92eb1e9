"""Members and what their tier allows."""

from __future__ import annotations

from dataclasses import dataclass

LIMITS = {"child": 5, "adult": 8, "staff": 20}
LOAN_DAYS = {"child": 10, "adult": 15, "staff": 30}  # opening days


@dataclass(frozen=True)
class Member:
    number: int
    name: str
    tier: str = "adult"

    def __post_init__(self) -> None:
        if self.tier not in LIMITS:
            raise ValueError(f"unknown tier {self.tier!r}")

    @property
    def limit(self) -> int:
        return LIMITS[self.tier]

    @property
    def loan_days(self) -> int:
        return LOAN_DAYS[self.tier]
