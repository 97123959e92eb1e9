"""BM25 relevance of a document for a set of terms."""

from __future__ import annotations

import math

from .index import Index

K1 = 1.2
B = 0.75


def idf(index: Index, term: str) -> float:
    n = len(index.matching(term))
    return math.log(1 + (len(index.docs) - n + 0.5) / (n + 0.5))


def bm25(index: Index, doc_id: str, terms: set[str]) -> float:
    doc = index.docs[doc_id]
    norm = K1 * (1 - B + B * doc.length / (index.average_length or 1))
    score = 0.0
    for term in terms:
        tf = len(index.matching(term).get(doc_id, ()))
        if tf:
            score += idf(index, term) * tf * (K1 + 1) / (tf + norm)
    return score
