def rotate(xs: list, k: int) -> list:
    """xs rotated k places to the right (left for negative k)."""
    if not xs:
        return []
    k %= len(xs)
    return xs[-k:] + xs[:-k] if k else list(xs)
