from eviction_policies import make_policy


class TieredCache:
    def __init__(self, l1_size, l2_size, policy="lru"):
        if l1_size < 1 or l2_size < 0:
            raise ValueError("l1_size must be >= 1 and l2_size >= 0")
        self.l1_size, self.l2_size = l1_size, l2_size
        self._p1, self._p2 = make_policy(policy), make_policy(policy)
        self._l1, self._l2 = {}, {}
        self._stats = {"l1_hits": 0, "l2_hits": 0, "misses": 0, "evictions": 0}

    def __contains__(self, key):
        return key in self._l1 or key in self._l2

    def __len__(self):
        return len(self._l1) + len(self._l2)

    def levels(self):
        return sorted(self._l1), sorted(self._l2)

    def stats(self):
        return dict(self._stats)

    def put(self, key, value):
        if key in self._l2:
            del self._l2[key]
            self._p2.remove(key)
        self._l1[key] = value
        self._p1.touch(key)
        if len(self._l1) > self.l1_size:
            old = self._p1.victim()
            self._p1.remove(old)
            self._l2[old] = self._l1.pop(old)
            self._p2.touch(old)
            if len(self._l2) > self.l2_size:
                gone = self._p2.victim()
                self._p2.remove(gone)
                del self._l2[gone]
                self._stats["evictions"] += 1

    def get(self, key):
        if key in self._l1:
            self._stats["l1_hits"] += 1
            self._p1.touch(key)
            return self._l1[key]
        if key in self._l2:
            self._stats["l2_hits"] += 1
            value = self._l2[key]
            self.put(key, value)
            return value
        self._stats["misses"] += 1
        return None
