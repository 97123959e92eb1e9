"""A little Markdown: '#' headings, blank-line paragraphs, *emphasis*, **strong**, [links](url)."""

from __future__ import annotations

import re
from html import escape

LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
STRONG = re.compile(r"\*\*(.+?)\*\*")
EM = re.compile(r"\*(.+?)\*")


def inline(text: str) -> str:
    html = escape(text, quote=False)
    html = LINK.sub(lambda m: f'<a href="{escape(m[2])}">{m[1]}</a>', html)
    html = STRONG.sub(r"<strong>\1</strong>", html)
    return EM.sub(r"<em>\1</em>", html)


def to_html(text: str) -> str:
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.strip().splitlines()
        if not lines:
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", lines[0])
        if heading and len(lines) == 1:
            level = len(heading[1])
            blocks.append(f"<h{level}>{inline(heading[2])}</h{level}>")
        else:
            blocks.append("<p>" + inline(" ".join(l.strip() for l in lines)) + "</p>")
    return "\n".join(blocks)
