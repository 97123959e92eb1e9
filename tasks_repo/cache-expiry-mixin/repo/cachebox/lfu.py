"""Least frequently used eviction; ties go to the entry stored first."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .base import Cache


class LFUCache(Cache):
    """Evicts the entry with the fewest reads and writes."""

    policy = "lfu"

    def __init__(self, capacity: int, **options: Any) -> None:
        super().__init__(capacity, **options)
        self._uses: dict[Hashable, int] = {}

    def _touch(self, key: Hashable) -> None:
        self._uses[key] = self._uses.get(key, 0) + 1

    def _remove(self, key: Hashable) -> None:
        super()._remove(key)
        self._uses.pop(key, None)

    def _victim(self) -> Hashable:
        return min(self._uses, key=self._uses.__getitem__)

    def uses(self, key: Hashable) -> int:
        return self._uses.get(key, 0)
