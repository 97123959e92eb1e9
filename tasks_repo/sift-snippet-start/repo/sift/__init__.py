"""sift: a small full-text search index: analysis, an inverted index, BM25 ranking, snippets."""

from .analyzer import Analyzer
from .index import Index
from .search import Hit, Searcher

__all__ = ["Analyzer", "Hit", "Index", "Searcher"]
