from collections import OrderedDict


class TTLCache:
    def __init__(self, capacity, ttl):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        if ttl <= 0:
            raise ValueError("ttl must be positive")
        self.capacity = capacity
        self.ttl = ttl
        self._data = OrderedDict()
        self._last = None
        self.evicted = []

    def _tick(self, now):
        if self._last is not None and now < self._last:
            raise ValueError("time went backwards")
        self._last = now

    def _purge(self, now):
        for key in [k for k, (_, exp) in self._data.items() if now >= exp]:
            del self._data[key]

    def put(self, key, value, now):
        self._tick(now)
        if key in self._data:
            del self._data[key]
        elif len(self._data) >= self.capacity:
            self._purge(now)
            if len(self._data) >= self.capacity:
                old, _ = self._data.popitem(last=False)
                self.evicted.append(old)
        self._data[key] = (value, now + self.ttl)

    def get(self, key, now):
        self._tick(now)
        item = self._data.get(key)
        if item is None:
            return None
        if now >= item[1]:
            del self._data[key]
            return None
        self._data.move_to_end(key)
        return item[0]

    def size(self, now):
        self._tick(now)
        return sum(1 for _, exp in self._data.values() if now < exp)
