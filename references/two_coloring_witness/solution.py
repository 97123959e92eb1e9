from collections import deque


def two_coloring(n, edges):
    if n < 0:
        raise ValueError("n must be non-negative")
    adj = [[] for _ in range(n)]
    for u, v in edges:
        if not (0 <= u < n and 0 <= v < n):
            raise ValueError(f"edge ({u}, {v}) is out of range")
        if u == v:
            return ("odd_cycle", [u])
        adj[u].append(v)
        adj[v].append(u)
    color = [-1] * n
    parent = [-1] * n
    depth = [0] * n
    for s in range(n):
        if color[s] != -1:
            continue
        color[s] = 0
        queue = deque([s])
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                if color[v] == -1:
                    color[v] = 1 - color[u]
                    parent[v] = u
                    depth[v] = depth[u] + 1
                    queue.append(v)
                elif color[v] == color[u]:
                    a, b = u, v
                    left, right = [], []
                    while depth[a] > depth[b]:
                        left.append(a)
                        a = parent[a]
                    while depth[b] > depth[a]:
                        right.append(b)
                        b = parent[b]
                    while a != b:
                        left.append(a)
                        right.append(b)
                        a, b = parent[a], parent[b]
                    return ("odd_cycle", left + [a] + right[::-1])
    return ("coloring", color)
