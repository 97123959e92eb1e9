"""Garage: tickets, payment with an exit grace period, lost tickets."""

from __future__ import annotations

from dataclasses import dataclass

from tariffs import Tariff


class GarageFull(Exception):
    """No free spot."""


class PaymentRequired(Exception):
    """The ticket must be paid (again) before the car may leave."""


@dataclass
class _Ticket:
    plate: str
    entered: int
    paid: int = 0
    paid_at: int | None = None


class Garage:
    """Spots, open tickets and the money taken."""

    def __init__(self, capacity: int, tariff: Tariff, grace_minutes: int = 15) -> None:
        self.capacity = capacity
        self.tariff = tariff
        self.grace_minutes = grace_minutes
        self._open: dict[str, _Ticket] = {}
        self._issued = 0
        self._revenue = 0

    def enter(self, plate: str, at: int) -> str:
        if any(t.plate == plate for t in self._open.values()):
            raise ValueError(f"{plate} is already inside")
        if self.free_spots() == 0:
            raise GarageFull("no free spot")
        self._issued += 1
        ticket = f"T{self._issued}"
        self._open[ticket] = _Ticket(plate, at)
        return ticket

    def _ticket(self, ticket: str) -> _Ticket:
        if ticket not in self._open:
            raise KeyError(ticket)
        return self._open[ticket]

    def pay(self, ticket: str, at: int) -> int:
        t = self._ticket(ticket)
        due = max(0, self.tariff.charge(at - t.entered) - t.paid)
        t.paid += due
        t.paid_at = at
        self._revenue += due
        return due

    def exit(self, ticket: str, at: int) -> None:
        t = self._ticket(ticket)
        free_stay = self.tariff.charge(at - t.entered) == 0
        in_grace = t.paid_at is not None and at - t.paid_at <= self.grace_minutes
        if not (free_stay or in_grace):
            raise PaymentRequired(f"{ticket} must be paid before leaving")
        del self._open[ticket]

    def lost_ticket(self, plate: str, at: int) -> int:
        for ticket, t in self._open.items():
            if t.plate == plate:
                fee = max(self.tariff.lost_ticket_cents, self.tariff.charge(at - t.entered))
                fee = max(0, fee - t.paid)
                self._revenue += fee
                del self._open[ticket]
                return fee
        raise KeyError(plate)

    def occupancy(self) -> int:
        return len(self._open)

    def free_spots(self) -> int:
        return self.capacity - len(self._open)

    def revenue(self) -> int:
        return self._revenue

    def inside(self) -> list[str]:
        return sorted(t.plate for t in self._open.values())
