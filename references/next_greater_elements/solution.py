def next_greater(xs: list[int]) -> list[int | None]:
    """For each position, the first strictly greater value to its right (None if none)."""
    out: list[int | None] = [None] * len(xs)
    stack: list[int] = []  # indices whose answer is still unknown
    for i, x in enumerate(xs):
        while stack and xs[stack[-1]] < x:
            out[stack.pop()] = x
        stack.append(i)
    return out
