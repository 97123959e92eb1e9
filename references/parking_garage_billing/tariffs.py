"""Parking tariff: free period, hourly rate, daily cap, lost-ticket fee."""

from __future__ import annotations


class Tariff:
    """Prices a stay of a number of minutes."""

    def __init__(self, free_minutes: int = 15, hourly_cents: int = 300, daily_cap_cents: int = 2000,
                 lost_ticket_cents: int = 5000) -> None:
        if min(free_minutes, hourly_cents, daily_cap_cents, lost_ticket_cents) < 0:
            raise ValueError("tariff values must be >= 0")
        self.free_minutes = free_minutes
        self.hourly_cents = hourly_cents
        self.daily_cap_cents = daily_cap_cents
        self.lost_ticket_cents = lost_ticket_cents

    def charge(self, minutes: int) -> int:
        if minutes < 0:
            raise ValueError("a stay cannot be negative")
        if minutes <= self.free_minutes:
            return 0
        days, rest = divmod(minutes, 1440)
        hours = -(-rest // 60)
        return days * self.daily_cap_cents + min(hours * self.hourly_cents, self.daily_cap_cents)
