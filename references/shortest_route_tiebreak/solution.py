import heapq


def shortest_route(edges, start, goal):
    adj = {}
    for u, v, w in edges:
        if w < 0:
            raise ValueError(f"negative weight on edge {u}->{v}: {w}")
        adj.setdefault(u, {})
        if v not in adj[u] or w < adj[u][v]:
            adj[u][v] = w
    if start == goal:
        return (0, [start])
    heap = [(0, 0, [start])]
    settled = set()
    while heap:
        cost, hops, path = heapq.heappop(heap)
        node = path[-1]
        if node in settled:
            continue
        settled.add(node)
        if node == goal:
            return (cost, path)
        for nxt, w in adj.get(node, {}).items():
            if nxt not in settled:
                heapq.heappush(heap, (cost + w, hops + 1, path + [nxt]))
    return None
