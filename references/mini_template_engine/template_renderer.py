"""Render templates: variables with filters, if/else and for blocks."""

from __future__ import annotations

from template_lexer import TemplateSyntaxError, Token, tokenize


class UndefinedVariable(KeyError):
    """A variable path could not be resolved."""


_MISSING = object()
_FILTERS = {
    "upper": lambda v: str(v).upper(),
    "lower": lambda v: str(v).lower(),
    "trim": lambda v: str(v).strip(),
    "length": len,
}


def _resolve(path: str, scopes: list[dict]) -> object:
    head, *rest = path.split(".")
    value = _MISSING
    for scope in reversed(scopes):
        if head in scope:
            value = scope[head]
            break
    for part in rest:
        if value is _MISSING:
            break
        if isinstance(value, dict):
            value = value.get(part, _MISSING)
        else:
            value = getattr(value, part, _MISSING)
    if value is _MISSING:
        raise UndefinedVariable(path)
    return value


def _parse(tokens: list[Token], pos: int, stop: tuple[str, ...]) -> tuple[list, int, str | None]:
    """Parse nodes until a tag in ``stop``; returns (nodes, next pos, stop tag)."""
    nodes: list = []
    while pos < len(tokens):
        tok = tokens[pos]
        pos += 1
        if tok.kind != "tag":
            nodes.append((tok.kind, tok.value))
            continue
        words = tok.value.split()
        word = words[0] if words else ""
        if word in stop:
            return nodes, pos, word
        if word == "if" and len(words) in (2, 3) and (len(words) == 2 or words[1] == "not"):
            body, pos, end = _parse(tokens, pos, ("else", "endif"))
            other: list = []
            if end == "else":
                other, pos, end = _parse(tokens, pos, ("endif",))
            if end != "endif":
                raise TemplateSyntaxError("if without endif")
            nodes.append(("if", words[-1], len(words) == 3, body, other))
        elif word == "for" and len(words) == 4 and words[2] == "in":
            body, pos, end = _parse(tokens, pos, ("endfor",))
            if end != "endfor":
                raise TemplateSyntaxError("for without endfor")
            nodes.append(("for", words[1], words[3], body))
        else:
            raise TemplateSyntaxError(f"unexpected tag {tok.value!r}")
    return nodes, pos, None


def _var(expr: str, scopes: list[dict]) -> str:
    path, *filters = [part.strip() for part in expr.split("|")]
    value = _resolve(path, scopes)
    for name in filters:
        if name not in _FILTERS:
            raise TemplateSyntaxError(f"unknown filter {name!r}")
        value = _FILTERS[name](value)
    return "" if value is None else str(value)


def _emit(nodes: list, scopes: list[dict], out: list[str]) -> None:
    for node in nodes:
        kind = node[0]
        if kind == "text":
            out.append(node[1])
        elif kind == "var":
            out.append(_var(node[1], scopes))
        elif kind == "if":
            _, path, negate, body, other = node
            try:
                cond = bool(_resolve(path, scopes))
            except UndefinedVariable:
                cond = False
            _emit(body if cond != negate else other, scopes, out)
        else:
            _, name, path, body = node
            for index, item in enumerate(_resolve(path, scopes), start=1):
                _emit(body, scopes + [{name: item, "loop": {"index": index}}], out)


def render(source: str, context: dict) -> str:
    nodes, _, end = _parse(tokenize(source), 0, ())
    out: list[str] = []
    _emit(nodes, [dict(context)], out)
    return "".join(out)
