"""Billing engine: charges, renewals and prorated changes and cancellations."""

from __future__ import annotations

from fractions import Fraction
import math

from plans import PlanCatalog


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


class BillingEngine:
    """Active subscriptions (plan, seats, current period start) and invoice lines."""

    def __init__(self, catalog: PlanCatalog, period_days: int = 30) -> None:
        self.catalog = catalog
        self.period_days = period_days
        self._subs: dict[str, list] = {}
        self._lines: list[tuple[str, int, str, int]] = []
        self._last_day: int | None = None

    def _advance(self, day: int) -> list[tuple[str, int, str, int]]:
        if self._last_day is not None and day < self._last_day:
            raise ValueError(f"day {day} is before day {self._last_day}")
        self._last_day = day
        added = []
        for customer in sorted(self._subs):
            sub = self._subs[customer]
            while sub[2] + self.period_days <= day:
                sub[2] += self.period_days
                line = (customer, sub[2], "renewal", self.catalog.price_for(sub[0], sub[1]))
                self._lines.append(line)
                added.append(line)
        return added

    def renew(self, day: int) -> list[tuple[str, int, str, int]]:
        return self._advance(day)

    def subscribe(self, customer: str, plan_code: str, seats: int, day: int) -> None:
        self._advance(day)
        if customer in self._subs:
            raise ValueError(f"{customer} already has a subscription")
        price = self.catalog.price_for(plan_code, seats)
        self._subs[customer] = [plan_code, seats, day]
        self._lines.append((customer, day, "charge", price))

    def _prorate(self, price: int, sub: list, day: int) -> int:
        remaining = sub[2] + self.period_days - day
        return _half_up(Fraction(price * remaining, self.period_days))

    def change(self, customer: str, day: int, plan_code: str | None = None, seats: int | None = None) -> None:
        self._advance(day)
        sub = self._subs[customer]
        new_plan = plan_code if plan_code is not None else sub[0]
        new_seats = seats if seats is not None else sub[1]
        new_price = self.catalog.price_for(new_plan, new_seats)
        old_price = self.catalog.price_for(sub[0], sub[1])
        self._lines.append((customer, day, "credit", -self._prorate(old_price, sub, day)))
        self._lines.append((customer, day, "upgrade", self._prorate(new_price, sub, day)))
        sub[0], sub[1] = new_plan, new_seats

    def cancel(self, customer: str, day: int) -> None:
        self._advance(day)
        sub = self._subs[customer]
        old_price = self.catalog.price_for(sub[0], sub[1])
        self._lines.append((customer, day, "credit", -self._prorate(old_price, sub, day)))
        del self._subs[customer]

    def invoice(self, customer: str) -> list[tuple[str, int, str, int]]:
        return [line for line in self._lines if line[0] == customer]

    def balance(self, customer: str) -> int:
        return sum(line[3] for line in self.invoice(customer))
