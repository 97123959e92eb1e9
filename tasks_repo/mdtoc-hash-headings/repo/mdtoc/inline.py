"""Reduce inline Markdown in a heading to the plain text that anchors and TOC titles use."""

from __future__ import annotations

import re

_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_CODE = re.compile(r"`+([^`]*)`+")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_EMPHASIS = re.compile(r"(\*\*|__|\*|_)(\S(?:.*?\S)?)\1")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def plain_text(markdown: str) -> str:
    """'**Install** the [CLI](#cli)' -> 'Install the CLI'; escapes lose their backslash."""
    codes: list[str] = []

    def keep_code(match: re.Match[str]) -> str:
        codes.append(match.group(1).strip())
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep_code, markdown)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    previous = None
    while previous != text:
        previous, text = text, _EMPHASIS.sub(r"\2", text)
    text = _ESCAPE.sub(r"\1", text)
    text = re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)
    return " ".join(text.split())
