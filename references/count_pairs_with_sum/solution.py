def count_pairs(xs: list[int], target: int) -> int:
    """Number of index pairs i < j with xs[i] + xs[j] == target."""
    seen: dict[int, int] = {}
    pairs = 0
    for x in xs:
        pairs += seen.get(target - x, 0)
        seen[x] = seen.get(x, 0) + 1
    return pairs
