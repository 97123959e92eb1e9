def is_palindrome_phrase(text: str) -> bool:
    """True if the letters and digits of text, case-folded, form a palindrome."""
    kept = [ch.lower() for ch in text if ch.isalnum()]
    i, j = 0, len(kept) - 1
    while i < j:
        if kept[i] != kept[j]:
            return False
        i += 1
        j -= 1
    return True
