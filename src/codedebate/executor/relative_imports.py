"""Relative imports between a candidate's own modules, made absolute before the run.

A candidate's files are top-level modules in one folder, so ``from .acl_types import X`` would fail
("no known parent package") where ``from acl_types import X`` works; both mean the same module.
Only level-1 imports that name one of the candidate's files are changed; line numbers stay.
"""

from __future__ import annotations

import io
import tokenize


def absolutize(source: str, modules: set[str]) -> str:
    """``from .m import x`` -> ``from m import x`` and ``from . import m`` -> ``import m`` for m in ``modules``."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, str]] = []  # (row, start col, end col, replacement)
    significant = [t for t in tokens if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    for i, tok in enumerate(significant[:-3]):
        if tok.type != tokenize.NAME or tok.string != "from":
            continue
        if i and significant[i - 1].type not in (tokenize.NEWLINE, tokenize.OP) and significant[i - 1].string != ";":
            continue
        dot, name, nxt = significant[i + 1], significant[i + 2], significant[i + 3]
        if dot.string != "." or dot.start[0] != tok.start[0]:
            continue
        if name.type == tokenize.NAME and name.string in modules and nxt.string == "import":
            edits.append((dot.start[0], dot.start[1], dot.end[1], " "))
        elif name.string == "import" and _plain_names(significant[i + 3:], modules):
            edits.append((tok.start[0], tok.start[1], name.start[1], ""))
    for row, start, end, text in sorted(edits, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + text + line[end:]
    return "".join(lines)


def _plain_names(rest: list[tokenize.TokenInfo], modules: set[str]) -> bool:
    """``m1, m2 as y`` up to the end of the statement, every m a candidate module (no parentheses)."""
    expect_name = True
    for tok in rest:
        if tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER) or tok.string == ";":
            return not expect_name
        if expect_name:
            if tok.type != tokenize.NAME or tok.string not in modules:
                return False
            expect_name = False
        elif tok.string == "as":
            expect_name = None  # the alias comes next
        elif expect_name is None:
            expect_name = False
        elif tok.string == ",":
            expect_name = True
        else:
            return False
    return False
