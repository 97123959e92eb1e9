import heapq


class CycleError(ValueError):
    def __init__(self, cycle):
        super().__init__("dependency cycle: " + " -> ".join(cycle + cycle[:1]))
        self.cycle = cycle


def build_order(deps):
    prereqs = {}
    for target, reqs in deps.items():
        prereqs.setdefault(target, set()).update(reqs)
        for r in reqs:
            prereqs.setdefault(r, set())
    dependents = {t: [] for t in prereqs}
    missing = {}
    for t, reqs in prereqs.items():
        missing[t] = len(reqs)
        for r in reqs:
            dependents[r].append(t)
    ready = [t for t, n in missing.items() if n == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        t = heapq.heappop(ready)
        order.append(t)
        for d in dependents[t]:
            missing[d] -= 1
            if missing[d] == 0:
                heapq.heappush(ready, d)
    if len(order) == len(prereqs):
        return order
    placed = set(order)
    stuck = sorted(t for t in prereqs if t not in placed)
    walk, seen = [], {}
    node = stuck[0]
    while node not in seen:
        seen[node] = len(walk)
        walk.append(node)
        node = min(r for r in prereqs[node] if r not in placed)
    cycle = walk[seen[node]:]
    i = cycle.index(min(cycle))
    raise CycleError(cycle[i:] + cycle[:i])
