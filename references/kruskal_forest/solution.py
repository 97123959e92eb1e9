def spanning_forest(nodes, edges):
    parent = {n: n for n in nodes}
    for u, v, _ in edges:
        if u not in parent or v not in parent:
            raise ValueError(f"edge ({u!r}, {v!r}) names an unknown node")

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    ordered = sorted((w, min(u, v), max(u, v)) for u, v, w in edges)
    components = len(parent)
    chosen = []
    total = 0
    for w, a, b in ordered:
        ra, rb = find(a), find(b)
        if ra == rb:
            continue
        parent[ra] = rb
        components -= 1
        chosen.append((a, b, w))
        total += w
    return {"weight": total, "edges": chosen, "components": components}
