"""Where an edit lands in a file: exact text first, then whole lines with other whitespace, then
whole functions by name (``ast``); a lenient match must still be unique, and says how it matched.

Kinds, strictest first: ``exact`` (the SEARCH text occurs once as written), ``whitespace`` (whole
lines equal after ignoring trailing spaces, blank lines around the SEARCH text and one consistent
indentation offset; the REPLACE text is re-indented by the same offset), ``function`` (a complete
``def``/``class`` from the reply replaces the definition of that name in the file).
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

KINDS = ("exact", "whitespace", "function")


@dataclass(frozen=True)
class Span:
    """Characters ``start:end`` of a file's text to replace with ``text``, found by rule ``kind``."""

    start: int
    end: int
    text: str
    kind: str


def loosest(kinds: Iterable[str]) -> str | None:
    """The most lenient kind among ``kinds`` (None when empty)."""
    ranked = [KINDS.index(k) for k in kinds]
    return KINDS[max(ranked)] if ranked else None


# ---- paths -------------------------------------------------------------------------------------

def clean_path(given: str) -> str:
    """A path as a model wrote it, without quotes, markdown, a trailing colon or a leading ``./``."""
    path = given.strip().strip("`'\"*").rstrip(":").strip("`'\"*").replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path.lstrip("/")


def resolve_path(given: str, files: Iterable[str]) -> str | None:
    """The repository file ``given`` names: itself, or the one file it ends with / that ends with it
    (``repo/pkg/mod.py``, ``/abs/x/pkg/mod.py``, ``mod.py``); None when none or several fit."""
    path = clean_path(given)
    files = list(files)
    if path in files:
        return path
    fits = [f for f in files if path.endswith("/" + f) or f.endswith("/" + path)]
    return fits[0] if len(fits) == 1 else None


# ---- SEARCH text ---------------------------------------------------------------------------------

def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _common_indent(lines: list[str]) -> str:
    indents = [_indent(ln) for ln in lines if ln.strip()]
    if not indents:
        return ""
    common = indents[0]
    for ind in indents[1:]:
        while not ind.startswith(common):
            common = common[:-1]
    return common


def _span_of_lines(lines: list[str], first: int, count: int) -> tuple[int, int]:
    start = sum(len(ln) for ln in lines[:first])
    end = start + sum(len(ln) for ln in lines[first:first + count])
    if lines[first + count - 1].endswith("\n"):
        end -= 1  # keep the last line's newline; the REPLACE text has none
    return start, end


def find_text(text: str, search: str, replace: str) -> tuple[list[Span], str]:
    """Every place ``search`` fits in ``text`` by the strictest rule that finds any, with the
    REPLACE text to put there, and that rule's kind; an empty list when none fits."""
    if search in text:
        spans, at = [], text.find(search)
        while at != -1:
            spans.append(Span(at, at + len(search), replace, "exact"))
            at = text.find(search, at + len(search))
        return spans, "exact"
    lines = _lines(text)
    want = search.splitlines()
    while want and not want[0].strip():
        want.pop(0)
    while want and not want[-1].strip():
        want.pop()
    if not want:
        return [], "whitespace"
    rstripped = [ln.rstrip() for ln in want]
    n = len(want)
    spans = []
    for i in range(len(lines) - n + 1):
        if [ln.rstrip() for ln in lines[i:i + n]] == rstripped:
            start, end = _span_of_lines(lines, i, n)
            spans.append(Span(start, end, replace, "whitespace"))
    if spans:
        return spans, "whitespace"
    base = _common_indent(want)
    rel = [ln.rstrip()[len(base):] if ln.strip() else "" for ln in want]
    for i in range(len(lines) - n + 1):
        window = [ln.rstrip() for ln in lines[i:i + n]]
        first = next(j for j, r in enumerate(rel) if r)
        offset = window[first][: len(window[first]) - len(rel[first])]
        if offset.strip() or not window[first].endswith(rel[first]):
            continue
        if all((w == offset + r) if r else not w.strip() for w, r in zip(window, rel)):
            start, end = _span_of_lines(lines, i, n)
            spans.append(Span(start, end, reindent(replace, base, offset), "whitespace"))
    return spans, "whitespace"


def reindent(text: str, old: str, new: str) -> str:
    """``text`` with leading ``old`` indentation (or as much of it as a line has) swapped for ``new``."""
    out = []
    for line in text.split("\n"):
        if not line.strip():
            out.append("")
            continue
        cut = 0
        while cut < len(old) and cut < len(line) and line[cut] == old[cut]:
            cut += 1
        out.append(new + line[cut:])
    return "\n".join(out)


# ---- whole functions -----------------------------------------------------------------------------

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _first_line(node: Definition) -> int:
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def definitions(source: str) -> dict[str, Definition]:
    """Top-level functions and classes and the methods of top-level classes (``Class.method``)."""
    found: dict[str, Definition] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = node
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        found[f"{node.name}.{item.name}"] = item
    return found


def _source_of(lines: list[str], node: Definition) -> str:
    return "".join(lines[_first_line(node) - 1:node.end_lineno]).rstrip("\n")


def _cut_points(lines: list[str]) -> list[int]:
    """Lines where a definition may start: top-level statements, and methods of a top-level class."""
    points, body_indent = [], None
    for i, line in enumerate(lines):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            if not line.startswith((")", "]", "}")):
                points.append(i)
            body_indent = "" if line.startswith("class ") else None
        elif body_indent is not None:
            if body_indent == "":
                body_indent = _indent(line)
            if _indent(line) == body_indent and line.lstrip().startswith(("def ", "async def ", "@")):
                points.append(i)
    return points


def parse_block(code: str, truncated: bool) -> ast.Module | None:
    """The code of a reply's block, or None when it does not parse. A block cut off by the token
    limit is cut before its last definition (top-level, or a method of a top-level class), which
    may be incomplete: the longest such prefix that parses is kept."""
    if not truncated:
        try:
            return ast.parse(code)
        except SyntaxError:
            return None
    lines = code.splitlines()
    for point in reversed(_cut_points(lines)[1:]):
        try:
            return ast.parse("\n".join(lines[:point]))
        except SyntaxError:
            continue
    return None


def replacements(block: str, truncated: bool) -> dict[str, str] | None:
    """Name -> source of each complete top-level function or class in a code block (classes also
    give their methods as ``Class.method``; a class cut off by the token limit only those); None
    when the block is no Python."""
    tree = parse_block(block, truncated)
    if tree is None:
        return None
    lines = _lines(block)
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not (truncated and node is tree.body[-1] and isinstance(node, ast.ClassDef)):
                out[node.name] = _source_of(lines, node)  # a cut-off class gives its methods only
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        out[f"{node.name}.{item.name}"] = _source_of(lines, item)
    return out


def _same(a: str, b: str) -> bool:
    return [ln.rstrip() for ln in a.strip("\n").splitlines()] == [ln.rstrip() for ln in b.strip("\n").splitlines()]


def name_map(names: Iterable[str], have: Mapping[str, object]) -> dict[str, str]:
    """Given name -> the file's definition it names: the same name, or for a bare function name
    that is no top-level name the one method of that name (``add`` -> ``Cart.add``) if unique."""
    out = {}
    for name in names:
        if name in have:
            out[name] = name
        elif "." not in name:
            methods = [k for k in have if k.endswith("." + name)]
            if len(methods) == 1:
                out[name] = methods[0]
    return out


def function_spans(text: str, given: Mapping[str, str]) -> tuple[list[Span], list[str]]:
    """Spans replacing the file's definitions that ``given`` (name -> source) changes, and the names
    of ``given`` the file defines. A class replaces the whole class only when it keeps every method
    of the file's class; otherwise its changed methods replace theirs one by one."""
    lines = _lines(text)
    have = definitions(text)
    mapped = name_map(given, have)
    given = {mapped[name]: source for name, source in given.items() if name in mapped}
    known = list(given)
    spans: list[Span] = []
    done: set[str] = set()
    for name in known:
        if "." in name or name in done:
            continue
        node = have[name]
        if isinstance(node, ast.ClassDef):
            methods = [m for m in have if m.startswith(name + ".")]
            if not all(m in given for m in methods):
                continue  # the methods it gives are handled one by one below
            done.update(methods)
        old = _source_of(lines, node)
        if not _same(old, given[name]):
            new = reindent(given[name], _indent(given[name]), _indent(lines[node.lineno - 1]))
            start, end = _span_of_lines(lines, _first_line(node) - 1, node.end_lineno - _first_line(node) + 1)
            spans.append(Span(start, end, new, "function"))
    for name in known:
        if "." not in name or name in done:
            continue
        node = have[name]
        old = _source_of(lines, node)
        if not _same(reindent(old, _indent(old.splitlines()[0]), ""), reindent(given[name], _indent(given[name].splitlines()[0]), "")):
            new = reindent(given[name], _indent(given[name].splitlines()[0]), _indent(lines[_first_line(node) - 1]))
            start, end = _span_of_lines(lines, _first_line(node) - 1, node.end_lineno - _first_line(node) + 1)
            spans.append(Span(start, end, new, "function"))
    return spans, known


def apply_spans(text: str, spans: list[Span]) -> str:
    """``text`` with non-overlapping ``spans`` replaced (any order)."""
    for span in sorted(spans, key=lambda s: s.start, reverse=True):
        text = text[:span.start] + span.text + text[span.end:]
    return text


FENCE = re.compile(r"^[ \t]*```[ \t]*(\w*)[ \t]*$", re.M)


def code_blocks(text: str) -> list[tuple[int, str, bool]]:
    """(offset, code, truncated) of each fenced block of a reply (python or no language), dedented
    (blocks inside indented prose). A fence with a language always opens a block (a stray fence
    before it closes nothing); a block the reply never closes runs to the end, truncated."""
    blocks: list[tuple[int, str, bool]] = []
    opening: re.Match[str] | None = None

    def add(end: int | None) -> None:
        if opening is not None and opening.group(1).lower() in ("", "python", "py", "python3"):
            body = text[opening.end() + 1:] if end is None else text[opening.end() + 1:end]
            blocks.append((opening.start(), textwrap.dedent(body), end is None))

    for fence in FENCE.finditer(text):
        if opening is None:
            opening = fence
        elif fence.group(1):
            add(fence.start())
            opening = fence
        else:
            add(fence.start())
            opening = None
    add(None)
    return blocks
