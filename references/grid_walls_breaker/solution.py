from collections import deque


def fewest_steps(grid, breaks):
    if breaks < 0:
        raise ValueError("breaks must be non-negative")
    if not grid or not grid[0]:
        raise ValueError("grid is empty")
    width = len(grid[0])
    start = goal = None
    for r, row in enumerate(grid):
        if len(row) != width:
            raise ValueError(f"row {r} has length {len(row)}, expected {width}")
        for c, ch in enumerate(row):
            if ch not in ".#SE":
                raise ValueError(f"bad character {ch!r} at ({r}, {c})")
            if ch == "S":
                if start is not None:
                    raise ValueError("more than one S")
                start = (r, c)
            elif ch == "E":
                if goal is not None:
                    raise ValueError("more than one E")
                goal = (r, c)
    if start is None or goal is None:
        raise ValueError("grid needs one S and one E")
    height = len(grid)
    # fewest walls used to reach each cell so far; a state is only worth revisiting with fewer
    used = {start: 0}
    queue = deque([(start[0], start[1], 0, 0)])
    while queue:
        r, c, walls, dist = queue.popleft()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if not (0 <= nr < height and 0 <= nc < width):
                continue
            nw = walls + (grid[nr][nc] == "#")
            if nw > breaks:
                continue
            if (nr, nc) == goal:
                return dist + 1
            if used.get((nr, nc), breaks + 1) <= nw:
                continue
            used[(nr, nc)] = nw
            queue.append((nr, nc, nw, dist + 1))
    return -1
