"""Find the headings of a document, skipping front matter and fenced code blocks."""

from __future__ import annotations

from .headings import Heading, parse_atx, setext_level
from .inline import plain_text


def _front_matter_end(lines: list[str]) -> int:
    """Index of the first line after a YAML front matter block (0 when there is none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            return i + 1
    return 0


def _fence(line: str) -> str | None:
    """The fence marker ('```' or '~~~', possibly longer) that opens or closes a code block."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3:
        return None
    for char in "`~":
        if stripped.startswith(char * 3):
            return char * (len(stripped) - len(stripped.lstrip(char)))
    return None


def scan(text: str) -> list[Heading]:
    """Every heading in ``text``, in order, as plain text; a setext heading is the line above its underline."""
    lines = text.splitlines()
    headings: list[Heading] = []
    fence: str | None = None
    paragraph: str | None = None
    for i in range(_front_matter_end(lines), len(lines)):
        line = lines[i]
        marker = _fence(line)
        if fence is not None:
            if marker and marker[0] == fence[0] and len(marker) >= len(fence) and not line.strip(" `~"):
                fence = None
            continue
        if marker is not None:
            fence, paragraph = marker, None
            continue
        atx = parse_atx(line)
        if atx is not None:
            headings.append(Heading(atx[0], plain_text(atx[1]), i + 1))
            paragraph = None
            continue
        level = setext_level(line)
        if level is not None and paragraph is not None:
            headings.append(Heading(level, plain_text(paragraph), i))
            paragraph = None
            continue
        paragraph = line.strip() or None
    return headings
