"""Getting code out of model replies, and judging whether it is whole.

Models wrap code in Markdown fences, add prose, or stop mid-function when they hit the token
limit. These helpers pick the solution block and flag syntax errors, truncation (token limit
or unbalanced code) and skeletons (every body only ``pass``, ``...`` or ``NotImplementedError``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize

_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*([\w+.-]*)[^\n]*$", re.MULTILINE)
_PY_LANGS = {"", "python", "py", "python3", "py3"}
_CODE_START = re.compile(r"^(?:from\s+\w|import\s+\w|def\s+\w|class\s+\w|async\s+def\s|@\w)", re.MULTILINE)


def fenced_blocks(text: str) -> tuple[list[tuple[str, str]], str | None]:
    """Closed fenced blocks as (language, body), and the body of an unclosed last fence."""
    blocks: list[tuple[str, str]] = []
    pos = 0
    while True:
        m = _FENCE.search(text, pos)
        if not m:
            return blocks, None
        marker, lang = m.group(1), m.group(2).lower()
        start = m.end() + 1
        close = re.compile(rf"^[ \t]*{re.escape(marker[0])}{{{len(marker)},}}[ \t]*$", re.MULTILINE)
        end = close.search(text, start)
        if not end:
            return blocks, text[start:] if start <= len(text) else ""
        blocks.append((lang, text[start:end.start()]))
        pos = end.end()


def extract_code(reply: str) -> str:
    """The solution code of a reply: the best Python fence, else the code-looking tail."""
    blocks, unclosed = fenced_blocks(reply)
    candidates = [body for lang, body in blocks if lang in _PY_LANGS]
    if unclosed is not None and (not candidates or _defines_something(unclosed)):
        candidates.append(unclosed)
    if candidates:
        defining = [c for c in candidates if _defines_something(c)]
        pool = defining or candidates
        return max(pool, key=len).strip("\n") + "\n"
    if blocks:  # only non-Python fences: take the longest anyway
        return max((b for _, b in blocks), key=len).strip("\n") + "\n"
    m = _CODE_START.search(reply)
    if m:
        return reply[m.start():].strip("\n") + "\n"
    return reply.strip("\n") + ("\n" if reply.strip() else "")


def has_unclosed_fence(reply: str) -> bool:
    """The reply opens a code fence it never closes (typical of a cut-off reply)."""
    return fenced_blocks(reply)[1] is not None


def _defines_something(code: str) -> bool:
    return bool(re.search(r"^\s*(?:async\s+)?(?:def|class)\s+\w", code, re.MULTILINE))


def syntax_error(code: str) -> str | None:
    """A one-line description of the code's syntax error, or None when it parses."""
    try:
        ast.parse(code)
    except SyntaxError as exc:
        return f"{exc.msg} (line {exc.lineno})"
    except ValueError as exc:  # e.g. null bytes
        return str(exc)
    return None


def is_unbalanced(code: str) -> bool:
    """Brackets or a triple-quoted string left open at the end: the code was cut off."""
    try:
        for _ in tokenize.generate_tokens(io.StringIO(code).readline):
            pass
    except tokenize.TokenError:
        return True
    except (SyntaxError, IndentationError):
        return False  # broken, but not by being cut off
    return False


def is_truncated(reply: str, code: str, finish_reason: str = "stop") -> bool:
    """The code was cut off: a fence left open, unbalanced code, or the token limit hit with no
    closed code fence (a reply that closed its fence before rambling into the limit is whole)."""
    closed, unclosed = fenced_blocks(reply)
    if unclosed is not None or is_unbalanced(code):
        return True
    return finish_reason == "length" and not closed


def _is_stub_statement(node: ast.stmt) -> bool:
    if isinstance(node, ast.Pass):
        return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return node.value.value is Ellipsis or isinstance(node.value.value, str)
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def is_skeleton(code: str) -> bool:
    """No implementation: empty code, or every function body is only pass/.../NotImplementedError."""
    if not code.strip():
        return True
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not funcs:
        return False
    return all(all(_is_stub_statement(s) for s in f.body) for f in funcs)
