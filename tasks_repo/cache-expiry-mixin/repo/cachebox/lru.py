"""Least recently used eviction."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from .base import Cache


class LRUCache(Cache):
    """Evicts the entry that was read or written longest ago."""

    policy = "lru"

    def __init__(self, capacity: int, **options: Any) -> None:
        super().__init__(capacity, **options)
        self._order: OrderedDict[Hashable, None] = OrderedDict()

    def _touch(self, key: Hashable) -> None:
        self._order[key] = None
        self._order.move_to_end(key)

    def _remove(self, key: Hashable) -> None:
        super()._remove(key)
        self._order.pop(key, None)

    def _victim(self) -> Hashable:
        return next(iter(self._order))
