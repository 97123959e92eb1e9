"""Words and case folding: 'Café' and 'cafe' are the same word."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

WORD = re.compile(r"\w+(?:'\w+)*")


def fold(word: str) -> str:
    """Lower case without accents."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> Iterator[re.Match[str]]:
    """The words of ``text`` with their positions in it."""
    return WORD.finditer(text)
