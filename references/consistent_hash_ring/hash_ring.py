import hashlib
from bisect import bisect_left, insort


def stable_hash(text):
    return int.from_bytes(hashlib.md5(text.encode("utf-8")).digest()[:8], "big")


class HashRing:
    def __init__(self, replicas=3):
        if replicas < 1:
            raise ValueError("replicas must be at least 1")
        self.replicas = replicas
        self._points = []
        self._nodes = set()

    def add_node(self, name):
        if name in self._nodes:
            raise ValueError(f"node {name!r} is already on the ring")
        self._nodes.add(name)
        for i in range(self.replicas):
            insort(self._points, (stable_hash(f"{name}#{i}"), name))

    def remove_node(self, name):
        if name not in self._nodes:
            raise KeyError(name)
        self._nodes.remove(name)
        self._points = [p for p in self._points if p[1] != name]

    def nodes(self):
        return sorted(self._nodes)

    def _start(self, key):
        if not self._points:
            raise LookupError("the ring has no nodes")
        i = bisect_left(self._points, (stable_hash(key), ""))
        return i % len(self._points)

    def node_for(self, key):
        return self._points[self._start(key)][1]

    def preference_list(self, key, n):
        if n > len(self._nodes):
            raise ValueError("not enough nodes")
        if n <= 0:
            return []
        i = self._start(key)
        out = []
        while len(out) < n:
            name = self._points[i][1]
            if name not in out:
                out.append(name)
            i = (i + 1) % len(self._points)
        return out
