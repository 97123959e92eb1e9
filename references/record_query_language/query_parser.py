"""Tokenize and parse the record filter language into AST tuples."""

from __future__ import annotations

import re

KEYWORDS = {"and", "or", "not", "in", "true", "false", "null"}
_TOKEN = re.compile(r"""\s*(?:
    (?P<num>-?\d+(?:\.\d+)?)
  | (?P<str>'[^']*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)
  | (?P<op><=|>=|!=|=|<|>)
  | (?P<punct>[(),])
)""", re.VERBOSE)


class QuerySyntaxError(ValueError):
    """The query text is not a valid filter expression."""


def tokenize(text: str) -> list[tuple[str, object]]:
    tokens: list[tuple[str, object]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise QuerySyntaxError(f"unexpected character at {pos}: {text[pos:pos + 10]!r}")
        pos = m.end()
        kind = m.lastgroup
        raw = m.group(kind)
        if kind == "num":
            tokens.append(("value", float(raw) if "." in raw else int(raw)))
        elif kind == "str":
            tokens.append(("value", raw[1:-1]))
        elif kind == "name" and raw.lower() in KEYWORDS:
            low = raw.lower()
            consts = {"true": True, "false": False, "null": None}
            tokens.append(("value", consts[low]) if low in consts else ("kw", low))
        else:
            tokens.append((kind, raw))
    return tokens


class _Parser:
    def __init__(self, tokens: list[tuple[str, object]]) -> None:
        self.tokens = tokens
        self.pos = 0

    def peek(self) -> tuple[str, object] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, kind: str, value: object = None) -> object:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            raise QuerySyntaxError(f"expected {value or kind}, got {tok}")
        self.pos += 1
        return tok[1]

    def accept(self, kind: str, value: object) -> bool:
        if self.peek() == (kind, value):
            self.pos += 1
            return True
        return False

    def expr(self) -> tuple:
        node = self.conj()
        while self.accept("kw", "or"):
            node = ("or", node, self.conj())
        return node

    def conj(self) -> tuple:
        node = self.neg()
        while self.accept("kw", "and"):
            node = ("and", node, self.neg())
        return node

    def neg(self) -> tuple:
        if self.accept("kw", "not"):
            return ("not", self.neg())
        if self.accept("punct", "("):
            node = self.expr()
            self.take("punct", ")")
            return node
        field = self.take("name")
        if self.accept("kw", "in"):
            self.take("punct", "(")
            values = [self.take("value")]
            while self.accept("punct", ","):
                values.append(self.take("value"))
            self.take("punct", ")")
            return ("in", field, tuple(values))
        op = self.take("op")
        return ("cmp", field, op, self.take("value"))


def parse_query(text: str) -> tuple:
    parser = _Parser(tokenize(text))
    node = parser.expr()
    if parser.peek() is not None:
        raise QuerySyntaxError(f"unexpected trailing token {parser.peek()}")
    return node
