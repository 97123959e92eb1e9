class FlowNetwork:
    def __init__(self):
        self._cap = {}
        self._nodes = set()

    def add_edge(self, u, v, capacity):
        if u == v:
            raise ValueError("self-loops are not allowed")
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 0:
            raise ValueError("capacity must be a non-negative integer")
        self._nodes.update((u, v))
        self._cap[(u, v)] = self._cap.get((u, v), 0) + capacity

    def capacity(self, u, v):
        return self._cap.get((u, v), 0)

    def nodes(self):
        return sorted(self._nodes)

    def edges(self):
        return sorted((u, v, c) for (u, v), c in self._cap.items() if c > 0)
