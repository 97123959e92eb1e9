def chunk_list(xs: list, size: int) -> list[list]:
    """Consecutive chunks of size elements; the last one may be shorter."""
    if size < 1:
        raise ValueError(f"size must be >= 1, got {size}")
    return [xs[i:i + size] for i in range(0, len(xs), size)]
