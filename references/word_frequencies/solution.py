import string

WORD_CHARS = frozenset(string.ascii_letters + string.digits)


def word_frequencies(text: str) -> dict[str, int]:
    """Case-insensitive counts of ASCII alphanumeric words, in order of first appearance."""
    counts: dict[str, int] = {}
    word: list[str] = []
    for ch in text + " ":
        if ch in WORD_CHARS:
            word.append(ch.lower())
        elif word:
            w = "".join(word)
            counts[w] = counts.get(w, 0) + 1
            word = []
    return counts
