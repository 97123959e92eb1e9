"""Parsing critiques: the BUGS list a critic writes for each solution, and bug grounding."""

from __future__ import annotations

import re
from collections.abc import Sequence

_HEADER = re.compile(r"^[ \t#*>]*(?:agent|solution)[ \t_\-#]*(\d+)\b.*$", re.IGNORECASE | re.MULTILINE)
_ITEM = re.compile(r"^[ \t]*(?:\d+[.)]|[-*\u2022])[ \t]+(.+)$", re.MULTILINE)
_BUGS_LABEL = re.compile(r"^[ \t*#]*bugs[ \t*]*[:\-]?[ \t*]*(.*)$", re.IGNORECASE | re.MULTILINE)
_NONE = re.compile(r"^(?:none|no bugs?|n/?a|-)\b", re.IGNORECASE)
_SNIPPET = re.compile(r"`([^`\n]{3,})`")
_LINE_REF = re.compile(r"\blines?\s*\d+", re.IGNORECASE)
_JUST_A_VERDICT = re.compile(r"^\W*\w+\W*\s*[:\-]?\s*\W*(passed|passes|ok|correct)\W*$", re.IGNORECASE)


def _items(section: str) -> list[str]:
    """The bug items of one section (after its BUGS: label when it has one)."""
    label = _BUGS_LABEL.search(section)
    body = section
    items: list[str] = []
    if label:
        rest = label.group(1).strip().strip("*").strip()
        if rest and _NONE.match(rest):
            return []
        if rest:
            items.append(re.sub(r"^\d+[.)]\s*", "", rest))
        body = section[label.end():]
    items.extend(m.group(1).strip() for m in _ITEM.finditer(body))
    cleaned = [re.sub(r"\*\*|__", "", i).strip() for i in items]
    return [c for c in cleaned if c and not _NONE.match(c) and not _JUST_A_VERDICT.match(c)]


def parse_bugs(reply: str, targets: Sequence[int]) -> dict[int, list[str]]:
    """Bug texts per target agent number; sections start with an "Agent k" header line.

    A reply without headers is attributed to the only target when there is just one.
    """
    out: dict[int, list[str]] = {n: [] for n in targets}
    headers = [m for m in _HEADER.finditer(reply) if int(m.group(1)) in out]
    if not headers:
        if len(targets) == 1:
            out[targets[0]] = _items(reply)
        return out
    for i, m in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(reply)
        out[int(m.group(1))].extend(_items(reply[m.end():end]))
    return out


def is_grounded(bug: str, failing_tests: Sequence[str], code: str) -> bool:
    """The bug names a failing test, a line number, or quotes a line of the code."""
    if any(name in bug for name in failing_tests):
        return True
    if _LINE_REF.search(bug):
        return True
    return any(s.strip() and s.strip() in code for s in _SNIPPET.findall(bug))


def history_lines(critic: str, bugs: Sequence[str], max_bugs: int, max_chars: int) -> list[str]:
    """The critique-history form of a critique: its first bugs, each cut to max_chars."""
    return [f"{critic}: {b[:max_chars]}" for b in list(bugs)[:max_bugs]]
