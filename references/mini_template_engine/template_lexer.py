"""Split template source into text, variable and tag tokens."""

from __future__ import annotations

from dataclasses import dataclass


class TemplateSyntaxError(ValueError):
    """The template source is malformed."""


@dataclass(frozen=True)
class Token:
    """One lexical piece of a template."""

    kind: str
    value: str


_CLOSERS = {"{{": ("}}", "var"), "{%": ("%}", "tag"), "{#": ("#}", None)}


def tokenize(source: str) -> list[Token]:
    tokens: list[Token] = []
    pos = 0
    while pos < len(source):
        starts = [(source.find(op, pos), op) for op in _CLOSERS]
        starts = [(i, op) for i, op in starts if i != -1]
        if not starts:
            tokens.append(Token("text", source[pos:]))
            break
        start, opener = min(starts)
        if start > pos:
            tokens.append(Token("text", source[pos:start]))
        closer, kind = _CLOSERS[opener]
        end = source.find(closer, start + 2)
        if end == -1:
            raise TemplateSyntaxError(f"unclosed {opener} at offset {start}")
        if kind is not None:
            tokens.append(Token(kind, source[start + 2:end].strip()))
        pos = end + 2
    return tokens
