"""Queries: words (all must occur), "quoted phrases" and -excluded words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .analyzer import Analyzer

TOKEN = re.compile(r'-?"[^"]*"|\S+')


@dataclass
class Query:
    terms: list[str] = field(default_factory=list)
    phrases: list[list[str]] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)

    @property
    def all_terms(self) -> set[str]:
        """Every term a matching document contains (for ranking and snippets)."""
        return set(self.terms) | {t for p in self.phrases for t in p}

    @property
    def empty(self) -> bool:
        return not self.terms and not self.phrases


def parse_query(text: str, analyzer: Analyzer) -> Query:
    query = Query()
    for token in TOKEN.findall(text):
        negative = token.startswith("-") and len(token) > 1
        body = token[1:] if negative else token
        terms = analyzer.terms(body.strip('"'))
        if not terms:
            continue
        if negative:
            query.excluded.extend(terms)
        elif body.startswith('"') and len(terms) > 1:
            query.phrases.append(terms)
        else:
            query.terms.extend(terms)
    return query
