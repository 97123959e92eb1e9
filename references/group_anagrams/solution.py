def group_anagrams(words: list[str]) -> list[list[str]]:
    """Anagram groups in order of first appearance; words keep their input order."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault("".join(sorted(word)), []).append(word)
    return list(groups.values())
