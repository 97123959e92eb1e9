from collections import Counter


def are_anagrams(a: str, b: str) -> bool:
    """True if a and b have the same letters with the same counts, ignoring case."""
    def letters(s: str) -> Counter:
        return Counter(ch.lower() for ch in s if ch.isalpha())

    return letters(a) == letters(b)
