"""Searching: documents with every word and phrase of the query, best first."""

from __future__ import annotations

from dataclasses import dataclass

from .index import Index
from .query import Query, parse_query
from .rank import bm25
from .snippets import highlight, snippet


@dataclass(frozen=True)
class Hit:
    doc_id: str
    title: str
    score: float
    snippet: str


def has_phrase(positions: list[list[int]]) -> bool:
    """True when the phrase's terms occur at consecutive positions."""
    first, *rest = positions
    later = [set(p) for p in rest]
    return any(all(p + i in seen for i, seen in enumerate(later, 1)) for p in first)


class Searcher:
    def __init__(self, index: Index, snippet_width: int = 40) -> None:
        self.index = index
        self.snippet_width = snippet_width

    def candidates(self, query: Query) -> set[str]:
        required = query.terms + [t for p in query.phrases for t in p]
        docs = set(self.index.docs)
        for term in required:
            docs &= set(self.index.matching(term))
        for phrase in query.phrases:
            docs = {d for d in docs if has_phrase([self.index.matching(t)[d] for t in phrase])}
        for term in query.excluded:
            docs -= set(self.index.matching(term))
        return docs

    def search(self, text: str, limit: int = 10) -> list[Hit]:
        analyzer = self.index.analyzer
        query = parse_query(text, analyzer)
        if query.empty:
            return []
        terms = query.all_terms
        scored = sorted(((bm25(self.index, d, terms), d) for d in self.candidates(query)),
                        key=lambda pair: (-pair[0], pair[1]))
        hits = []
        for score, doc_id in scored[:limit]:
            doc = self.index.docs[doc_id]
            piece = snippet(doc.text, terms, analyzer, self.snippet_width)
            hits.append(Hit(doc_id, doc.title, round(score, 4), highlight(piece, terms, analyzer)))
        return hits
