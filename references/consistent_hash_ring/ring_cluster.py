from hash_ring import HashRing


class Cluster:
    def __init__(self, replicas=3):
        self._ring = HashRing(replicas)
        self._owners = {}

    def _reassign(self):
        moves = {}
        for key, old in self._owners.items():
            new = self._ring.node_for(key)
            if old is not None and new != old:
                moves[key] = (old, new)
            self._owners[key] = new
        return moves

    def add_node(self, name):
        self._ring.add_node(name)
        return self._reassign()

    def remove_node(self, name):
        if name not in self._ring.nodes():
            raise KeyError(name)
        if len(self._ring.nodes()) == 1 and self._owners:
            raise ValueError("cannot remove the last node while keys are stored")
        self._ring.remove_node(name)
        if not self._ring.nodes():
            return {}
        return self._reassign()

    def put(self, key):
        self._owners[key] = self._ring.node_for(key)

    def owner(self, key):
        return self._owners[key]

    def load(self):
        counts = {n: 0 for n in self._ring.nodes()}
        for owner in self._owners.values():
            counts[owner] += 1
        return counts
