"""Patches as search/replace edits, validated against the repository's files before anything runs.

Format (one or more blocks; the file line comes first)::

    FILE: pkg/module.py
    <<<<<<< SEARCH
    exact lines from the file
    =======
    the lines that replace them
    >>>>>>> REPLACE

The SEARCH text must occur exactly once in the file (trailing spaces ignored); edits apply in
order; the patched file must still parse. Any failure rejects the whole patch with a reason; the
input files are never modified (a new mapping of changed files is returned).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import dataclass

SEARCH, DIVIDER, REPLACE = "<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE"
FILE_LINE = re.compile(r"^\s*(?:FILE|File|file)\s*:\s*`?([^`\s]+)`?\s*$")


class PatchError(ValueError):
    """A patch that cannot be applied; the message says which edit and why."""


@dataclass(frozen=True)
class Edit:
    file: str
    search: str
    replace: str


def parse_edits(text: str) -> list[Edit]:
    """The edits in a reply (code fences around blocks are allowed); PatchError if malformed."""
    lines = [ln for ln in text.splitlines() if not ln.strip().startswith("```")]
    edits: list[Edit] = []
    current_file: str | None = None
    i = 0
    while i < len(lines):
        line = lines[i]
        match = FILE_LINE.match(line)
        if match:
            current_file = match.group(1).strip()
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
    if not edits:
        raise PatchError(f"no edits found (expected 'FILE: path' and a '{SEARCH}' ... '{REPLACE}' block)")
    return edits


def _locate(text: str, search: str) -> tuple[int, int, int]:
    """(start, end, count) of ``search`` in ``text``, comparing lines without trailing spaces."""
    count = text.count(search)
    if count == 1:
        start = text.index(search)
        return start, start + len(search), 1
    if count > 1:
        return -1, -1, count
    lines = text.splitlines(keepends=True)
    want = [ln.rstrip() for ln in search.splitlines()]
    hits = [i for i in range(len(lines) - len(want) + 1)
            if [ln.rstrip() for ln in lines[i:i + len(want)]] == want]
    if len(hits) != 1:
        return -1, -1, len(hits)
    start = sum(len(ln) for ln in lines[:hits[0]])
    end = start + sum(len(ln) for ln in lines[hits[0]:hits[0] + len(want)])
    if lines[hits[0] + len(want) - 1].endswith("\n"):
        end -= 1
    return start, end, 1


def apply_edits(files: Mapping[str, str], edits: list[Edit], protected: frozenset[str] | set[str] = frozenset()) -> dict[str, str]:
    """The changed files (path -> new text) after applying ``edits`` to ``files``; PatchError if any
    edit names an unknown or protected file, its SEARCH text is empty, missing or ambiguous, or a
    patched file no longer parses."""
    changed: dict[str, str] = {}
    for n, edit in enumerate(edits, start=1):
        where = f"edit {n} ({edit.file})"
        if edit.file in protected:
            raise PatchError(f"{where}: tests may not be edited")
        if edit.file not in files:
            raise PatchError(f"{where}: no such file in the repository")
        if not edit.search.strip():
            raise PatchError(f"{where}: the SEARCH part is empty")
        text = changed.get(edit.file, files[edit.file])
        start, end, count = _locate(text, edit.search)
        if count == 0:
            raise PatchError(f"{where}: the SEARCH text is not in the file")
        if count > 1:
            raise PatchError(f"{where}: the SEARCH text occurs {count} times; add lines to make it unique")
        changed[edit.file] = text[:start] + edit.replace + text[end:]
    for path, text in changed.items():
        try:
            ast.parse(text)
        except SyntaxError as exc:
            raise PatchError(f"{path}: the patched file does not parse ({exc.msg}, line {exc.lineno})") from None
    return {p: t for p, t in changed.items() if t != files[p]}


def apply_patch(files: Mapping[str, str], text: str, protected: frozenset[str] | set[str] = frozenset()) -> dict[str, str]:
    """Parse and apply a reply's edits: the changed files, or PatchError."""
    return apply_edits(files, parse_edits(text), protected)


def render_edits(edits: list[Edit]) -> str:
    """Edits back in the block format (reference patches are stored this way)."""
    return "\n".join(f"FILE: {e.file}\n{SEARCH}\n{e.search}\n{DIVIDER}\n{e.replace}\n{REPLACE}\n" for e in edits)
