"""GitHub-style heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered."""

from __future__ import annotations

import unicodedata


def slugify(text: str) -> str:
    """'Getting Started: v2.0!' -> 'getting-started-v20' (letters, digits, '-' and '_' survive)."""
    kept = []
    for char in text.strip().lower():
        if char in " -":
            kept.append("-")
        elif char == "_" or unicodedata.category(char)[0] in "LN":
            kept.append(char)
    return "".join(kept)


class Slugger:
    """Hands out unique anchors for one document: the second 'Usage' becomes 'usage-1'."""

    def __init__(self) -> None:
        self._seen: dict[str, int] = {}

    def slug(self, text: str) -> str:
        base = slugify(text)
        candidate = base
        while candidate in self._seen:
            self._seen[base] += 1
            candidate = f"{base}-{self._seen[base]}"
        self._seen[candidate] = 0
        return candidate

    def reset(self) -> None:
        self._seen.clear()
