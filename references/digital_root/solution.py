def digital_root(n: int) -> int:
    """Repeated digit sum of n >= 0 down to one digit."""
    if n < 0:
        raise ValueError("n must be non-negative")
    while n >= 10:
        n = sum(int(d) for d in str(n))
    return n
