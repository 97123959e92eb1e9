"""Expiry for any cache: entries are dropped ``ttl`` seconds after they were stored."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .clock import SYSTEM_CLOCK, Clock


class ExpiringMixin:
    """Mix in before a cache class: lookups treat entries older than ``ttl`` as missing."""

    def __init__(self, *args: Any, ttl: float, clock: Clock = SYSTEM_CLOCK, **kwargs: Any) -> None:
        if ttl <= 0:
            raise ValueError(f"ttl must be positive, got {ttl}")
        self.ttl, self.clock = ttl, clock
        self._deadlines: dict[Hashable, float] = {}
        super().__init__(*args, **kwargs)

    def _expired(self, key: Hashable) -> bool:
        deadline = self._deadlines.get(key)
        return deadline is not None and self.clock.now() >= deadline

    def _expire(self, key: Hashable) -> None:
        self.delete(key)
        self.stats.expirations += 1

    def get(self, key: Hashable, default: Any = None) -> Any:
        if self._expired(key):
            self._expire(key)
        return super().get(key, default)

    def put(self, key: Hashable, value: Any) -> None:
        if self._expired(key):
            self._expire(key)
        super().put(key, value)
        self._deadlines[key] = self.clock.now() + self.ttl

    def __contains__(self, key: object) -> bool:
        return not self._expired(key) and super().__contains__(key)

    def _remove(self, key: Hashable) -> None:
        super()._remove(key)
        self._deadlines.pop(key, None)

    def purge_expired(self) -> int:
        """Drop every expired entry now; returns how many."""
        stale = [key for key in self._deadlines if self._expired(key)]
        for key in stale:
            self._expire(key)
        return len(stale)
