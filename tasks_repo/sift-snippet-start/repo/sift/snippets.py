"""The short piece of a document shown under a search hit, with the query's words marked."""

from __future__ import annotations

from .analyzer import Analyzer
from .text import words


def snippet(text: str, terms: set[str], analyzer: Analyzer, width: int = 40) -> str:
    """About ``width`` characters either side of the first word that analyses to one of ``terms``,
    cut at whole words, '...' where text was left out; without a match, the text's beginning."""
    for match in words(text):
        if analyzer.term(match.group()) in terms:
            start, end = match.start() - width, match.end() + width
            break
    else:
        start, end = 0, 2 * width
    piece = text[start:end]
    if start > 0 and not text[start - 1].isspace():
        piece = piece.partition(" ")[2]
    if end < len(text) and not text[end].isspace():
        piece = piece.rpartition(" ")[0]
    prefix = "..." if start > 0 else ""
    suffix = "..." if end < len(text) else ""
    return prefix + " ".join(piece.split()) + suffix


def highlight(piece: str, terms: set[str], analyzer: Analyzer, mark: str = "**") -> str:
    """``piece`` with every word that analyses to one of ``terms`` wrapped in ``mark``."""
    out, last = [], 0
    for match in words(piece):
        if analyzer.term(match.group()) in terms:
            out += [piece[last:match.start()], mark, match.group(), mark]
            last = match.end()
    out.append(piece[last:])
    return "".join(out)
