"""First in, first out eviction: reads do not keep an entry alive."""

from __future__ import annotations

from collections.abc import Hashable

from .base import Cache


class FIFOCache(Cache):
    """Evicts the entry stored first (dicts keep insertion order)."""

    policy = "fifo"

    def _victim(self) -> Hashable:
        return next(iter(self._data))
