def island_stats(rows, cols, additions):
    if rows <= 0 or cols <= 0:
        raise ValueError("grid dimensions must be positive")
    parent = {}
    size = {}

    def find(x):
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    islands = 0
    largest = 0
    out = []
    for r, c in additions:
        if not (0 <= r < rows and 0 <= c < cols):
            raise ValueError(f"cell ({r}, {c}) is outside the grid")
        cell = (r, c)
        if cell not in parent:
            parent[cell] = cell
            size[cell] = 1
            islands += 1
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in parent:
                    a, b = find(cell), find(nb)
                    if a != b:
                        if size[a] < size[b]:
                            a, b = b, a
                        parent[b] = a
                        size[a] += size[b]
                        islands -= 1
            largest = max(largest, size[find(cell)])
        out.append((islands, largest))
    return out
