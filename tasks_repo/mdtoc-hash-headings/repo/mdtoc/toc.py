"""Build the table of contents of a document and render it as a nested Markdown list."""

from __future__ import annotations

from dataclasses import dataclass

from .headings import Heading
from .scanner import scan
from .slugs import Slugger


@dataclass(frozen=True)
class Options:
    """Which headings go into the TOC and how the list looks."""

    min_level: int = 1
    max_level: int = 6
    skip: tuple[str, ...] = ("Table of contents", "Contents")
    bullet: str = "-"
    indent: int = 2

    def __post_init__(self) -> None:
        if not 1 <= self.min_level <= self.max_level <= 6:
            raise ValueError(f"levels must satisfy 1 <= min_level <= max_level <= 6, got {self.min_level}..{self.max_level}")


@dataclass(frozen=True)
class Entry:
    level: int
    title: str
    anchor: str


def anchors(headings: list[Heading]) -> list[str]:
    """The anchor of every heading, numbered the way GitHub numbers repeated titles."""
    slugger = Slugger()
    return [slugger.slug(h.text) for h in headings]


def entries(text: str, options: Options = Options()) -> list[Entry]:
    """The TOC entries of ``text``: headings within the levels, except the skipped titles."""
    headings = scan(text)
    skipped = {title.lower() for title in options.skip}
    return [Entry(h.level, h.text, anchor)
            for h, anchor in zip(headings, anchors(headings))
            if options.min_level <= h.level <= options.max_level and h.text and h.text.lower() not in skipped]


def render(items: list[Entry], options: Options = Options()) -> str:
    """One list item per entry, indented by its depth below the shallowest entry."""
    if not items:
        return ""
    top = min(e.level for e in items)
    lines = []
    for entry in items:
        title = entry.title.replace("[", r"\[").replace("]", r"\]")
        pad = " " * (options.indent * (entry.level - top))
        lines.append(f"{pad}{options.bullet} [{title}](#{entry.anchor})")
    return "\n".join(lines)


def generate(text: str, options: Options = Options()) -> str:
    """The rendered TOC of a document."""
    return render(entries(text, options), options)
