"""The cache base class: storage, lookups, statistics; subclasses choose which entry to evict."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from .stats import CacheStats


class Cache:
    """A bounded mapping that evicts one entry (chosen by ``_victim``) when it is full."""

    policy = "none"

    def __init__(self, capacity: int, **options: Any) -> None:
        super().__init__(**options)
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.capacity = capacity
        self._data: dict[Hashable, Any] = {}
        self.stats = CacheStats()

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key in self._data:
            self.stats.hits += 1
            self._touch(key)
            return self._data[key]
        self.stats.misses += 1
        return default

    def put(self, key: Hashable, value: Any) -> None:
        if key not in self._data and len(self._data) >= self.capacity:
            self._remove(self._victim())
            self.stats.evictions += 1
        self._data[key] = value
        self._touch(key)

    def delete(self, key: Hashable) -> bool:
        """Remove ``key``; False when it was not cached."""
        if key not in self._data:
            return False
        self._remove(key)
        return True

    def clear(self) -> None:
        for key in list(self._data):
            self._remove(key)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(list(self._data))

    def _touch(self, key: Hashable) -> None:
        """Hook: ``key`` was just read or written."""

    def _remove(self, key: Hashable) -> None:
        del self._data[key]

    def _victim(self) -> Hashable:
        """Hook: the key to evict when the cache is full."""
        raise NotImplementedError(f"{type(self).__name__} has no eviction policy")
