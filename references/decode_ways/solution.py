def decode_ways(digits: str) -> int:
    """Number of letter strings (A=1 .. Z=26) whose codes concatenate to digits."""
    if any(ch not in "0123456789" for ch in digits):
        raise ValueError(f"not a digit string: {digits!r}")
    prev, cur = 1, 1  # ways for the prefix two back and one back
    for i, ch in enumerate(digits):
        ways = cur if ch != "0" else 0
        if i > 0 and 10 <= int(digits[i - 1:i + 1]) <= 26:  # "0x" is below 10
            ways += prev
        prev, cur = cur, ways
    return cur
