"""Caches by policy name, with or without expiry."""

from __future__ import annotations

from .base import Cache
from .clock import SYSTEM_CLOCK, Clock
from .expiry import ExpiringMixin
from .fifo import FIFOCache
from .lfu import LFUCache
from .lru import LRUCache

POLICIES: dict[str, type[Cache]] = {"lru": LRUCache, "lfu": LFUCache, "fifo": FIFOCache}


def cache_class(policy: str, expiring: bool = False) -> type[Cache]:
    """The cache class of a policy; with ``expiring``, the same class with expiry mixed in."""
    if policy not in POLICIES:
        raise ValueError(f"unknown cache policy {policy!r} (known: {', '.join(sorted(POLICIES))})")
    base = POLICIES[policy]
    if not expiring:
        return base
    return type(f"Expiring{base.__name__}", (base, ExpiringMixin), {})


def make_cache(policy: str, capacity: int, ttl: float | None = None, clock: Clock = SYSTEM_CLOCK) -> Cache:
    """A new cache; ``ttl`` in seconds (None: entries never expire)."""
    if ttl is None:
        return cache_class(policy)(capacity)
    return cache_class(policy, expiring=True)(capacity, ttl=ttl, clock=clock)
