"""Counters a cache keeps about itself."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    evictions: int = 0
    expirations: int = 0

    @property
    def lookups(self) -> int:
        return self.hits + self.misses

    @property
    def hit_rate(self) -> float:
        """Share of lookups that found a value (0.0 before the first lookup)."""
        return self.hits / self.lookups if self.lookups else 0.0

    def summary(self) -> str:
        return (f"{self.lookups} lookups, {self.hit_rate:.0%} hits, "
                f"{self.evictions} evicted, {self.expirations} expired")
