def run_lengths(s: str) -> list[tuple[str, int]]:
    """Maximal runs of equal characters as (character, count) pairs."""
    if not isinstance(s, str):
        raise TypeError("s must be a str")
    runs: list[tuple[str, int]] = []
    for ch in s:
        if runs and runs[-1][0] == ch:
            runs[-1] = (ch, runs[-1][1] + 1)
        else:
            runs.append((ch, 1))
    return runs
