"""Patches as search/replace edits, validated against the repository's files before anything runs.

Format (one or more blocks; the file line comes first)::

    FILE: pkg/module.py
    <<<<<<< SEARCH
    lines from the file
    =======
    the lines that replace them
    >>>>>>> REPLACE

A reply without SEARCH blocks may instead give complete functions or classes in ```python blocks
(after a ``FILE: path`` line, or in the one file that defines them): each replaces the definition
of the same name. Matching rules, strictest first, live in ``matching.py``; a lenient match must
be unique and is recorded (``Patched.matches``). FILE paths are normalised (``./pkg/m.py``,
``repo/pkg/m.py``, ``FILE pkg/m.py:``). Edits apply in order; the patched files must still parse.
Any failure rejects the whole patch with a reason; the input files are never modified.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass

from .matching import (apply_spans, clean_path, code_blocks, definitions, find_text, function_spans,
                       loosest, name_map, replacements, resolve_path)

SEARCH, DIVIDER, REPLACE = "<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE"
FILE_LINE = re.compile(r"^\s*[#*]*\s*(?:FILE|File|file)\b\s*:?\s*(\S+?)\s*:?\s*\**\s*$")
PLACEHOLDER = re.compile(r"<[^<>\n]{1,60}>")


class PatchError(ValueError):
    """A patch that cannot be applied; the message says which edit and why."""


@dataclass(frozen=True)
class Edit:
    """Replace ``search`` (text of ``file``) with ``replace``."""

    file: str
    search: str
    replace: str


@dataclass(frozen=True)
class FunctionEdit:
    """Replace each named definition of ``file`` ("" = the one file defining them) with the given source."""

    file: str
    sources: tuple[tuple[str, str], ...]  # (name or Class.method, source)


@dataclass(frozen=True)
class EditMatch:
    """How one edit landed: its file, the rule that matched it, the path the reply wrote."""

    file: str
    kind: str  # exact | whitespace | function (matching.KINDS)
    given_path: str

    @property
    def path_fixed(self) -> bool:
        return self.given_path != self.file


class Patched(dict):
    """The changed files (path -> new text) and how each edit matched (``matches``)."""

    def __init__(self, changes: Mapping[str, str], matches: tuple[EditMatch, ...] = ()) -> None:
        super().__init__(changes)
        self.matches = matches

    @property
    def loosest(self) -> str | None:
        """The most lenient match kind among the edits (None: no edits)."""
        return loosest(m.kind for m in self.matches)


def _file_of(line: str) -> str | None:
    """The path a ``FILE: path`` line names, as written (``resolve_path`` normalises it)."""
    match = FILE_LINE.match(line)
    return match.group(1) if match and clean_path(match.group(1)) else None


def parse_edits(text: str) -> list[Edit | FunctionEdit]:
    """The edits in a reply: SEARCH/REPLACE blocks (code fences around them are allowed) or, when
    there are none, complete definitions in code blocks; PatchError if malformed or empty."""
    if any(ln.strip() == SEARCH for ln in text.splitlines()):
        return _search_blocks(text)
    edits: list[Edit | FunctionEdit] = []
    for offset, code, truncated in code_blocks(text):
        lines = code.split("\n")
        first = next((i for i, ln in enumerate(lines) if ln.strip()), 0)
        inside = _file_of(lines[first]) if lines else None  # a FILE line as the block's first line
        if inside:
            code = "\n".join(lines[first + 1:])
        sources = replacements(code, truncated)
        if not sources:
            continue
        before = [f for f in map(_file_of, text[:offset].splitlines()) if f]
        edits.append(FunctionEdit(inside or (before[-1] if before else ""), tuple(sources.items())))
    if not edits:
        raise PatchError(f"no edits found (expected 'FILE: path' and a '{SEARCH}' ... '{REPLACE}' block, "
                         "or a complete def/class in a ```python block)")
    return edits


def _search_blocks(text: str) -> list[Edit | FunctionEdit]:
    lines = [ln for ln in text.splitlines() if not ln.strip().startswith("```")]
    edits: list[Edit | FunctionEdit] = []
    current_file: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        named = _file_of(line)
        if named:
            current_file = named
        elif line.strip() == SEARCH:
            n = len(edits) + 1
            if current_file is None:
                raise PatchError(f"edit {n}: no 'FILE: path' line before '{SEARCH}'")
            try:
                mid = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == DIVIDER)
            except StopIteration:
                raise PatchError(f"edit {n} ({current_file}): no '{DIVIDER}' line after '{SEARCH}'") from None
            try:
                end = next(j for j in range(mid + 1, len(lines)) if lines[j].strip() == REPLACE)
            except StopIteration:
                raise PatchError(f"edit {n} ({current_file}): no '{REPLACE}' line after '{DIVIDER}'") from None
            if any(lines[j].strip() == SEARCH for j in range(i + 1, end)):
                raise PatchError(f"edit {n} ({current_file}): a new '{SEARCH}' starts before this one ends")
            edits.append(Edit(current_file, "\n".join(lines[i + 1:mid]), "\n".join(lines[mid + 1:end])))
            i = end
        i += 1
    return edits


def _target(edit: Edit | FunctionEdit, n: int, files: Mapping[str, str], current: Mapping[str, str],
            protected: frozenset[str] | set[str]) -> str:
    """The repository file an edit names (normalised), or the one file defining a FunctionEdit's names."""
    if edit.file:
        if clean_path(edit.file) in protected:
            raise PatchError(f"edit {n} ({edit.file}): tests may not be edited")
        path = resolve_path(edit.file, files)
        if path is None:
            raise PatchError(f"edit {n} ({edit.file}): no such file in the repository")
        if path in protected:
            raise PatchError(f"edit {n} ({edit.file}): tests may not be edited")
        return path
    names = {name for name, _ in edit.sources}
    counts: dict[str, int] = {}
    for path in files:
        if path in protected or not path.endswith(".py"):
            continue
        try:
            counts[path] = len(name_map(names, definitions(current.get(path, files[path]))))
        except SyntaxError:
            continue
    best = max(counts.values(), default=0)
    fits = [p for p, c in counts.items() if c == best and c > 0]
    shown = ", ".join(sorted(names)[:4])
    if not fits:
        raise PatchError(f"edit {n}: no file of the repository defines {shown}; name it with a 'FILE: path' line")
    if len(fits) > 1:
        raise PatchError(f"edit {n}: {shown} defined in {len(fits)} files ({', '.join(fits[:3])}); "
                         "name one with a 'FILE: path' line")
    return fits[0]


def apply_edits(files: Mapping[str, str], edits: list[Edit | FunctionEdit],
                protected: frozenset[str] | set[str] = frozenset()) -> Patched:
    """The changed files after applying ``edits`` to ``files``, with how each edit matched;
    PatchError if any edit names an unknown or protected file, its SEARCH text is empty, a
    placeholder, missing or ambiguous, or a patched file no longer parses."""
    changed: dict[str, str] = {}
    matches: list[EditMatch] = []
    for n, edit in enumerate(edits, start=1):
        path = _target(edit, n, files, changed, protected)
        where = f"edit {n} ({edit.file or path})"
        text = changed.get(path, files[path])
        if isinstance(edit, FunctionEdit):
            try:
                spans, known = function_spans(text, dict(edit.sources))
            except SyntaxError:
                raise PatchError(f"{where}: the file no longer parses after the edits before this one") from None
            if not known:
                raise PatchError(f"{where}: the file defines none of "
                                 f"{', '.join(name for name, _ in edit.sources)[:200]} "
                                 "(a bare method name must be unique in the file)")
            changed[path] = apply_spans(text, spans)
            matches.append(EditMatch(path, "function", edit.file or ""))
            continue
        if not edit.search.strip():
            raise PatchError(f"{where}: the SEARCH part is empty")
        if PLACEHOLDER.fullmatch(edit.search.strip()):
            raise PatchError(f"{where}: the SEARCH part is the format's placeholder "
                             f"{edit.search.strip()!r}; copy lines from the file")
        spans, kind = find_text(text, edit.search, edit.replace)
        if not spans:
            raise PatchError(f"{where}: the SEARCH text is not in the file")
        if len(spans) > 1:
            raise PatchError(f"{where}: the SEARCH text occurs {len(spans)} times; add lines to make it unique")
        changed[path] = apply_spans(text, spans)
        matches.append(EditMatch(path, kind, edit.file))
    for path, text in changed.items():
        try:
            ast.parse(text)
        except SyntaxError as exc:
            raise PatchError(f"{path}: the patched file does not parse ({exc.msg}, line {exc.lineno})") from None
    return Patched({p: t for p, t in changed.items() if t != files[p]}, tuple(matches))


def apply_patch(files: Mapping[str, str], text: str, protected: frozenset[str] | set[str] = frozenset()) -> Patched:
    """Parse and apply a reply's edits: the changed files (with ``matches``), or PatchError."""
    return apply_edits(files, parse_edits(text), protected)


def render_edits(edits: list[Edit]) -> str:
    """Edits back in the block format (reference patches are stored this way)."""
    return "\n".join(f"FILE: {e.file}\n{SEARCH}\n{e.search}\n{DIVIDER}\n{e.replace}\n{REPLACE}\n" for e in edits)
