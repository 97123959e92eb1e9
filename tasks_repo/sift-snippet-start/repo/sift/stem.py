"""A light English stemmer: 'descaling', 'descaled' and 'descale' share the stem 'descal'."""

from __future__ import annotations

SUFFIXES = ("ments", "ment", "ness", "ings", "ing", "ies", "ed", "es", "s")
DOUBLES_KEPT = "lsz"


def stem(word: str) -> str:
    """The stem of a folded word; short words and words with digits stay as they are."""
    if len(word) <= 3 or not word.isalpha():
        return word
    base = word
    for suffix in SUFFIXES:
        if suffix == "s" and word.endswith("ss"):
            continue
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word.removesuffix(suffix) + ("y" if suffix == "ies" else "")
            break
    if base != word and base[-1] == base[-2] and base[-1] not in DOUBLES_KEPT:
        base = base[:-1]
    if base.endswith("e") and len(base) > 3:
        base = base[:-1]
    return base
