"""The inverted index: for each term, the documents and positions where it occurs."""

from __future__ import annotations

from dataclasses import dataclass

from .analyzer import Analyzer


@dataclass(frozen=True)
class Document:
    id: str
    title: str
    text: str
    length: int  # number of terms, title included


class Index:
    def __init__(self, analyzer: Analyzer | None = None) -> None:
        self.analyzer = analyzer or Analyzer()
        self.docs: dict[str, Document] = {}
        self.postings: dict[str, dict[str, list[int]]] = {}

    def add(self, doc_id: str, title: str, text: str) -> Document:
        if doc_id in self.docs:
            raise ValueError(f"document {doc_id!r} is already indexed; remove it first")
        terms = self.analyzer.terms(f"{title}\n{text}")
        for position, term in enumerate(terms):
            self.postings.setdefault(term, {}).setdefault(doc_id, []).append(position)
        doc = self.docs[doc_id] = Document(doc_id, title, text, len(terms))
        return doc

    def remove(self, doc_id: str) -> None:
        if self.docs.pop(doc_id, None) is None:
            raise KeyError(f"no document {doc_id!r} in the index")
        for term in list(self.postings):
            self.postings[term].pop(doc_id, None)
            if not self.postings[term]:
                del self.postings[term]

    def matching(self, term: str) -> dict[str, list[int]]:
        """Document id -> positions of ``term`` (empty when no document has it)."""
        return self.postings.get(term, {})

    @property
    def average_length(self) -> float:
        return sum(d.length for d in self.docs.values()) / len(self.docs) if self.docs else 0.0
