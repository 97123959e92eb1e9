def pack(items, capacity):
    if capacity < 0:
        raise ValueError("capacity must be non-negative")
    seen = set()
    for name, weight, value in items:
        if weight < 0 or value < 0:
            raise ValueError(f"item {name!r} has a negative weight or value")
        if name in seen:
            raise ValueError(f"duplicate item name {name!r}")
        seen.add(name)
    n = len(items)
    # best[i][c]: (value, -weight) achievable from items[i:] with capacity c
    best = [[(0, 0)] * (capacity + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        _, w, v = items[i]
        row, nxt = best[i], best[i + 1]
        for c in range(capacity + 1):
            skip = nxt[c]
            if w <= c:
                tv, tw = nxt[c - w]
                take = (tv + v, tw - w)
                row[c] = take if take >= skip else skip
            else:
                row[c] = skip
    names = []
    c = capacity
    for i in range(n):
        name, w, v = items[i]
        if w <= c:
            tv, tw = best[i + 1][c - w]
            if (tv + v, tw - w) == best[i][c]:
                names.append(name)
                c -= w
    return best[0][capacity][0], names
