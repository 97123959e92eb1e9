"""Heading lines: ATX headings ('## Title') and setext underlines ('Title' over '====')."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Heading:
    """One heading of a document; ``line`` counts from 1."""

    level: int
    text: str
    line: int


def _strip_closing(text: str) -> str:
    """Drop an optional closing run of '#' ('Title ##' -> 'Title'); 'C#' keeps its hash."""
    text = text.strip()
    body = text.rstrip("#")
    if not body or body.endswith((" ", "\t")):
        return body.strip()
    return text


def parse_atx(line: str) -> tuple[int, str] | None:
    """'## Install ##' -> (2, 'Install'); None when the line is not an ATX heading."""
    indent = len(line) - len(line.lstrip(" "))
    stripped = line.strip()
    if indent > 3 or not stripped.startswith("#"):
        return None
    level = stripped.count("#")
    if level > 6 or (len(stripped) > level and stripped[level] not in " \t"):
        return None
    return level, _strip_closing(stripped[level:])


def setext_level(line: str) -> int | None:
    """1 for a '===' underline, 2 for '---', None otherwise (up to three spaces of indent)."""
    if len(line) - len(line.lstrip(" ")) > 3:
        return None
    marks = line.strip()
    if marks and set(marks) == {"="}:
        return 1
    if marks and set(marks) == {"-"}:
        return 2
    return None
