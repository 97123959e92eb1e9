"""Render Markdown-subset blocks and inline markup as HTML."""

from __future__ import annotations

import re

from md_blocks import Block, parse_blocks

_CODE = re.compile(r"`([^`]*)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"\*(.+?)\*")


def escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _format(s: str) -> str:
    s = _LINK.sub(r'<a href="\2">\1</a>', s)
    s = _STRONG.sub(r"<strong>\1</strong>", s)
    return _EM.sub(r"<em>\1</em>", s)


def render_inline(s: str) -> str:
    parts = _CODE.split(escape(s))
    out = []
    for index, part in enumerate(parts):
        out.append(f"<code>{part}</code>" if index % 2 else _format(part))
    return "".join(out)


def _render(block: Block) -> str:
    if block.kind == "heading":
        return f"<h{block.level}>{render_inline(block.text)}</h{block.level}>"
    if block.kind == "paragraph":
        return f"<p>{render_inline(block.text)}</p>"
    if block.kind == "hr":
        return "<hr>"
    if block.kind in ("ul", "ol"):
        items = "\n".join(f"<li>{render_inline(item)}</li>" for item in block.items)
        return f"<{block.kind}>\n{items}\n</{block.kind}>"
    cls = f' class="language-{block.lang}"' if block.lang else ""
    return f"<pre><code{cls}>{escape(block.text)}</code></pre>"


def to_html(text: str) -> str:
    return "\n".join(_render(block) for block in parse_blocks(text))
