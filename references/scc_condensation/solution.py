import heapq


def condense(nodes, edges):
    if len(set(nodes)) != len(nodes):
        raise ValueError("duplicate node name")
    index_of = {name: i for i, name in enumerate(nodes)}
    adj = [[] for _ in nodes]
    for u, v in edges:
        if u not in index_of or v not in index_of:
            raise ValueError(f"edge ({u!r}, {v!r}) names an unknown node")
        adj[index_of[u]].append(index_of[v])
    n = len(nodes)
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack, comps, counter = [], [], 0
    comp_of = [-1] * n
    for root in range(n):
        if index[root] != -1:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            if i < len(adj[v]):
                work[-1] = (v, i + 1)
                w = adj[v][i]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp_of[w] = len(comps)
                        comp.append(w)
                        if w == v:
                            break
                    comps.append(comp)
    c = len(comps)
    succ = [set() for _ in range(c)]
    indeg = [0] * c
    for u in range(n):
        for w in adj[u]:
            a, b = comp_of[u], comp_of[w]
            if a != b and b not in succ[a]:
                succ[a].add(b)
                indeg[b] += 1
    names = [sorted(nodes[x] for x in comp) for comp in comps]
    heap = [(names[i][0], i) for i in range(c) if indeg[i] == 0]
    heapq.heapify(heap)
    order = []
    while heap:
        _, i = heapq.heappop(heap)
        order.append(i)
        for j in succ[i]:
            indeg[j] -= 1
            if indeg[j] == 0:
                heapq.heappush(heap, (names[j][0], j))
    pos = {old: new for new, old in enumerate(order)}
    dag = sorted({(pos[a], pos[b]) for a in range(c) for b in succ[a]})
    return [names[i] for i in order], dag
