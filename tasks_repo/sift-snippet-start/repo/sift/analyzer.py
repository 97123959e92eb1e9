"""From text to index terms: fold, drop stop words, stem."""

from __future__ import annotations

from .stem import stem
from .stopwords import is_stop_word
from .text import fold, words


class Analyzer:
    def __init__(self, stemming: bool = True, stop_words: bool = True) -> None:
        self.stemming = stemming
        self.stop_words = stop_words

    def term(self, word: str) -> str | None:
        """The index term of one word, or None for a stop word."""
        folded = fold(word)
        if self.stop_words and is_stop_word(folded):
            return None
        return stem(folded) if self.stemming else folded

    def terms(self, text: str) -> list[str]:
        """The terms of ``text`` in order; stop words leave no gap."""
        found = (self.term(m.group()) for m in words(text))
        return [t for t in found if t is not None]
