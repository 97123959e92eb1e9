"""Subscription plans and their per-period prices."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    """A plan's price per billing period, with included and extra seats."""

    code: str
    period_cents: int
    seats_included: int = 1
    extra_seat_cents: int = 0

    def __post_init__(self) -> None:
        if self.period_cents < 0 or self.extra_seat_cents < 0 or self.seats_included < 1:
            raise ValueError(f"bad plan {self.code!r}")


class PlanCatalog:
    """Plans by code."""

    def __init__(self) -> None:
        self._plans: dict[str, Plan] = {}

    def add(self, plan: Plan) -> None:
        if plan.code in self._plans:
            raise ValueError(f"plan {plan.code!r} exists")
        self._plans[plan.code] = plan

    def get(self, code: str) -> Plan:
        return self._plans[code]

    def price_for(self, code: str, seats: int) -> int:
        plan = self.get(code)
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
            raise ValueError("seats must be an int >= 1")
        return plan.period_cents + max(0, seats - plan.seats_included) * plan.extra_seat_cents
