def longest_unique_substring(s: str) -> str:
    """Earliest longest substring of s without a repeated character."""
    last_seen: dict[str, int] = {}
    start = best_start = best_len = 0
    for i, ch in enumerate(s):
        if ch in last_seen and last_seen[ch] >= start:
            start = last_seen[ch] + 1
        last_seen[ch] = i
        if i - start + 1 > best_len:
            best_start, best_len = start, i - start + 1
    return s[best_start:best_start + best_len]
