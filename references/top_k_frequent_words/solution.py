from collections import Counter


def top_k_words(words: list[str], k: int) -> list[str]:
    """The k most frequent words, ties in alphabetical order."""
    if k < 0:
        raise ValueError("k must be non-negative")
    counts = Counter(words)
    ranked = sorted(counts, key=lambda w: (-counts[w], w))
    return ranked[:k]
