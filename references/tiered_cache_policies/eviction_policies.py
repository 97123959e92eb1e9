import heapq
import itertools
from collections import OrderedDict


class LRUPolicy:
    def __init__(self):
        self._order = OrderedDict()

    def touch(self, key):
        self._order[key] = None
        self._order.move_to_end(key)

    def remove(self, key):
        del self._order[key]

    def victim(self):
        if not self._order:
            raise LookupError("no keys tracked")
        return next(iter(self._order))

    def __len__(self):
        return len(self._order)

    def __contains__(self, key):
        return key in self._order


class LFUPolicy:
    def __init__(self):
        self._count = {}
        self._stamp = {}
        self._heap = []
        self._clock = itertools.count()

    def touch(self, key):
        self._count[key] = self._count.get(key, 0) + 1
        self._stamp[key] = next(self._clock)
        heapq.heappush(self._heap, (self._count[key], self._stamp[key], key))

    def remove(self, key):
        del self._count[key]
        del self._stamp[key]

    def victim(self):
        while self._heap:
            count, stamp, key = self._heap[0]
            if self._stamp.get(key) == stamp:
                return key
            heapq.heappop(self._heap)
        raise LookupError("no keys tracked")

    def __len__(self):
        return len(self._count)

    def __contains__(self, key):
        return key in self._count


def make_policy(name):
    if name == "lru":
        return LRUPolicy()
    if name == "lfu":
        return LFUPolicy()
    raise ValueError(f"unknown policy {name!r}")
