"""Find links to anchors of the same document ('[see](#usage)') that point at no heading."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .scanner import scan
from .toc import anchors

_ANCHOR_LINK = re.compile(r"\]\(#([^)\s]+)\)")


@dataclass(frozen=True)
class BrokenLink:
    line: int
    anchor: str


def broken_links(text: str) -> list[BrokenLink]:
    """Every in-page link whose anchor matches no heading, with its line number (from 1)."""
    known = set(anchors(scan(text)))
    broken = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in _ANCHOR_LINK.finditer(line):
            if match.group(1).lower() not in known:
                broken.append(BrokenLink(number, match.group(1)))
    return broken
