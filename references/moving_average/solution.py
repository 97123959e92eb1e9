def moving_average(xs: list[float], window: int) -> list[float]:
    """Averages of each window of consecutive values, left to right."""
    if window < 1:
        raise ValueError(f"window must be >= 1, got {window}")
    if window > len(xs):
        return []
    total = float(sum(xs[:window]))
    out = [total / window]
    for i in range(window, len(xs)):
        total += xs[i] - xs[i - window]
        out.append(total / window)
    return out
