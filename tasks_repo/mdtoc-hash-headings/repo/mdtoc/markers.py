"""Put a TOC between '<!-- toc -->' and '<!-- tocstop -->' markers, replacing the old one."""

from __future__ import annotations

START, STOP = "<!-- toc -->", "<!-- tocstop -->"


class MarkerError(ValueError):
    """The markers are missing, repeated or out of order."""


def _find(lines: list[str], marker: str) -> list[int]:
    return [i for i, line in enumerate(lines) if line.strip() == marker]


def replace_toc(document: str, toc: str) -> str:
    """``document`` with the lines between the markers replaced by ``toc``; markers are kept."""
    lines = document.splitlines()
    starts, stops = _find(lines, START), _find(lines, STOP)
    if not starts:
        raise MarkerError(f"no '{START}' line: add '{START}' and '{STOP}' where the TOC belongs")
    if len(starts) > 1 or len(stops) > 1:
        raise MarkerError(f"the markers may appear once each (found {len(starts)} start, {len(stops)} stop)")
    if not stops or stops[0] < starts[0]:
        raise MarkerError(f"'{START}' on line {starts[0] + 1} has no '{STOP}' after it")
    body = ["", *toc.splitlines(), ""] if toc else [""]
    new = lines[:starts[0] + 1] + body + lines[stops[0]:]
    return "\n".join(new) + ("\n" if document.endswith("\n") else "")


def current_toc(document: str) -> str:
    """The text between the markers, stripped ('' when there are no markers)."""
    lines = document.splitlines()
    starts, stops = _find(lines, START), _find(lines, STOP)
    if not starts or not stops or stops[0] < starts[0]:
        return ""
    return "\n".join(lines[starts[0] + 1:stops[0]]).strip()
