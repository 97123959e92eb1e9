"""Command line: print, write or check the TOC of Markdown files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .links import broken_links
from .markers import MarkerError, current_toc, replace_toc
from .toc import Options, generate


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mdtoc", description="Tables of contents for Markdown files.")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--min-level", type=int, default=1)
    parser.add_argument("--max-level", type=int, default=6)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="replace the TOC between the markers")
    mode.add_argument("--check", action="store_true", help="fail if a TOC is stale or a link is broken")
    return parser


def _check(path: Path, text: str, toc: str, out: list[str]) -> bool:
    ok = True
    if current_toc(text) != toc.strip():
        out.append(f"{path}: the table of contents is out of date (run mdtoc --write)")
        ok = False
    for link in broken_links(text):
        out.append(f"{path}:{link.line}: link to #{link.anchor} matches no heading")
        ok = False
    return ok


def main(argv: list[str] | None = None, out: list[str] | None = None) -> int:
    """Run the command; messages go to ``out`` when given, else to stdout. Returns the exit code."""
    args = _parser().parse_args(argv)
    messages: list[str] = [] if out is None else out
    try:
        options = Options(min_level=args.min_level, max_level=args.max_level)
    except ValueError as err:
        messages.append(f"mdtoc: {err}")
        return 2
    status = 0
    for path in args.files:
        text = path.read_text(encoding="utf-8")
        toc = generate(text, options)
        try:
            if args.write:
                path.write_text(replace_toc(text, toc), encoding="utf-8")
            elif args.check:
                status |= 0 if _check(path, text, toc, messages) else 1
            else:
                messages.append(toc)
        except MarkerError as err:
            messages.append(f"{path}: {err}")
            status = 1
    if out is None:
        print("\n".join(messages), file=sys.stdout)
    return status
