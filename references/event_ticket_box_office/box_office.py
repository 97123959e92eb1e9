"""Box office: expiring holds, purchases, refunds and seat finding."""

from __future__ import annotations

from venue import Seat, Venue


class SeatUnavailable(Exception):
    """A requested seat is sold or held."""


class HoldExpired(Exception):
    """The hold ran out before purchase."""


class BoxOffice:
    """Sold seats and active holds over a Venue."""

    def __init__(self, venue: Venue, hold_minutes: int = 10) -> None:
        self.venue = venue
        self.hold_minutes = hold_minutes
        self._sold: set[Seat] = set()
        self._holds: dict[str, tuple[str, list[Seat], int]] = {}
        self._count = 0
        self._total = 0

    def _active(self, created: int, now: int) -> bool:
        return now < created + self.hold_minutes

    def _is_free(self, seat: Seat, now: int) -> bool:
        if seat in self._sold:
            return False
        return not any(seat in seats and self._active(t, now) for _, seats, t in self._holds.values())

    def hold(self, customer: str, labels: list[str], now: int) -> str:
        if not 1 <= len(labels) <= 6 or len(set(labels)) != len(labels):
            raise ValueError("hold 1 to 6 distinct seats")
        seats = [self.venue.seat(label) for label in labels]
        for seat in seats:
            if not self._is_free(seat, now):
                raise SeatUnavailable(seat.label)
        self._count += 1
        hold_id = f"H{self._count}"
        self._holds[hold_id] = (customer, seats, now)
        return hold_id

    def purchase(self, hold_id: str, now: int) -> int:
        _, seats, created = self._holds.pop(hold_id)
        if not self._active(created, now):
            raise HoldExpired(hold_id)
        self._sold.update(seats)
        total = sum(self.venue.price(s) for s in seats)
        self._total += total
        return total

    def release(self, hold_id: str) -> None:
        del self._holds[hold_id]

    def refund(self, label: str) -> int:
        seat = self.venue.seat(label)
        if seat not in self._sold:
            raise ValueError(f"{label} is not sold")
        self._sold.remove(seat)
        price = self.venue.price(seat)
        self._total -= price
        return price

    def best_available(self, section: str, count: int, now: int) -> list[str] | None:
        rows: dict[int, list[Seat]] = {}
        for seat in self.venue.seats(section):
            rows.setdefault(seat.row, []).append(seat)
        for row in sorted(rows):
            run: list[Seat] = []
            for seat in rows[row]:
                run = run + [seat] if self._is_free(seat, now) else []
                if len(run) == count:
                    return [s.label for s in run]
        return None

    def available_count(self, section: str, now: int) -> int:
        return sum(self._is_free(s, now) for s in self.venue.seats(section))

    def sales_total(self) -> int:
        return self._total
