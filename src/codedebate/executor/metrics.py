"""Pylint score and mean Radon cyclomatic complexity of a candidate's files.

Pylint runs with a fixed option set (docstring checks off, no rc files from the candidate's
folder, no persistent stats); inline ``# pylint:`` pragmas are stripped first so a candidate
cannot switch checks off to raise its score.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

PYLINT_ARGS = [
    "--persistent=n",
    "--score=y",
    "--jobs=1",
    "--disable=missing-module-docstring,missing-class-docstring,missing-function-docstring",
]
_PRAGMA = re.compile(r"pylint\s*:", re.IGNORECASE)


def strip_pragmas(source: str) -> str:
    """Blank out comments that carry pylint pragmas, keeping every line number."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source
    lines = source.splitlines(keepends=True)
    for tok in reversed(tokens):
        if tok.type == tokenize.COMMENT and _PRAGMA.search(tok.string):
            row, col = tok.start
            line = lines[row - 1]
            end = tok.end[1]
            lines[row - 1] = line[:col] + "#" + line[end:]
    return "".join(lines)


def pylint_score(paths: list[Path], rcfile: Path) -> float | None:
    """Pylint's global score over ``paths``, clamped to 0..10; None if Pylint gives none."""
    from pylint.lint import Run
    from pylint.reporters import CollectingReporter

    args = ["--rcfile", str(rcfile), *PYLINT_ARGS, *map(str, paths)]
    run = Run(args, reporter=CollectingReporter(), exit=False)
    note = getattr(run.linter.stats, "global_note", None)
    if note is None:
        return None
    return round(min(10.0, max(0.0, float(note))), 4)


def mean_complexity(sources: list[str]) -> float | None:
    """Mean complexity over all blocks, as ``radon cc -a`` (module level when there are none)."""
    from radon.complexity import average_complexity, cc_visit
    from radon.visitors import ComplexityVisitor

    blocks: list = []
    modules: list[float] = []
    for src in sources:
        try:
            blocks.extend(cc_visit(src))
            modules.append(ComplexityVisitor.from_code(src).complexity)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
    if blocks:
        return round(float(average_complexity(blocks)), 4)
    return round(sum(modules) / len(modules), 4) if modules else None
