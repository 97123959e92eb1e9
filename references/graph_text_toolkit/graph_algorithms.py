import heapq
from collections import deque

from graph_model import Graph


def _known(graph, *names):
    nodes = set(graph.nodes())
    for n in names:
        if n not in nodes:
            raise KeyError(n)


def reachable(graph, start):
    _known(graph, start)
    seen = {start}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in graph.successors(u):
            if v not in seen:
                seen.add(v)
                queue.append(v)
    return sorted(seen)


def shortest_distances(graph, source):
    _known(graph, source)
    dist = {}
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if u in dist:
            continue
        dist[u] = d
        for v, w in graph.successors(u).items():
            if v not in dist:
                heapq.heappush(heap, (d + w, v))
    return dist


def bottleneck(graph, s, t):
    _known(graph, s, t)
    if s == t:
        return float("inf")
    best = {}
    heap = [(-float("inf"), s)]
    while heap:
        neg, u = heapq.heappop(heap)
        if u in best:
            continue
        best[u] = -neg
        if u == t:
            return best[u]
        for v, w in graph.successors(u).items():
            if v not in best:
                heapq.heappush(heap, (-min(-neg, w), v))
    return None


def layers(graph):
    nodes = graph.nodes()
    indeg = {n: 0 for n in nodes}
    for u, v, _ in graph.edges():
        indeg[v] += 1
    current = [n for n in nodes if indeg[n] == 0]
    out, placed = [], 0
    while current:
        out.append(sorted(current))
        placed += len(current)
        nxt = []
        for u in current:
            for v in graph.successors(u):
                indeg[v] -= 1
                if indeg[v] == 0:
                    nxt.append(v)
        current = nxt
    if placed != len(nodes):
        raise ValueError("graph has a cycle")
    return out
