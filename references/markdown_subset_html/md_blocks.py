"""Split a Markdown subset into blocks: headings, paragraphs, lists, code and rules."""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6}) (.*)$")
_UL = re.compile(r"^[-*] (.*)$")
_OL = re.compile(r"^\d+\. (.*)$")
_RULE = re.compile(r"^-{3,}$")


@dataclass
class Block:
    """One block-level element."""

    kind: str
    text: str = ""
    level: int = 0
    items: tuple = ()
    lang: str = ""


def _list_item(line: str) -> tuple[str, str] | None:
    for kind, pattern in (("ul", _UL), ("ol", _OL)):
        match = pattern.match(line)
        if match:
            return kind, match.group(1).strip()
    return None


def parse_blocks(text: str) -> list[Block]:
    lines = text.split("\n")
    blocks: list[Block] = []
    para: list[str] = []
    i = 0

    def flush() -> None:
        if para:
            blocks.append(Block("paragraph", text=" ".join(para)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        i += 1
        item = None if _RULE.match(stripped) else _list_item(line)
        if stripped.startswith("```"):
            flush()
            body: list[str] = []
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            i += 1
            blocks.append(Block("code", text="\n".join(body), lang=stripped[3:].strip()))
        elif _HEADING.match(line):
            flush()
            hashes, rest = _HEADING.match(line).groups()
            blocks.append(Block("heading", text=rest.strip(), level=len(hashes)))
        elif _RULE.match(stripped):
            flush()
            blocks.append(Block("hr"))
        elif item:
            flush()
            kind, first = item
            items = [first]
            while i < len(lines):
                nxt = None if _RULE.match(lines[i].strip()) else _list_item(lines[i])
                if not nxt or nxt[0] != kind:
                    break
                items.append(nxt[1])
                i += 1
            blocks.append(Block(kind, items=tuple(items)))
        elif not stripped:
            flush()
        else:
            para.append(stripped)
    flush()
    return blocks
