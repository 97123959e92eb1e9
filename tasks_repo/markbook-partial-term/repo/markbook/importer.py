"""Marks from a CSV export (columns student, assessment, points; 'exc' for excused)."""

from __future__ import annotations

import csv
import io

from .gradebook import Gradebook

COLUMNS = ("student", "assessment", "points")


class MarksFileError(ValueError):
    """A row of a marks file that cannot be entered; says which line and why."""


def load_marks(text: str, book: Gradebook, source: str = "marks.csv") -> int:
    """Enter every row of ``text`` into ``book``; the number of rows entered. Blank points are skipped."""
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise MarksFileError(f"{source}: missing column(s) {', '.join(missing)}")
    entered = 0
    for row in reader:
        line = reader.line_num
        points = (row["points"] or "").strip().lower()
        if not points:
            continue
        try:
            if points == "exc":
                book.excuse(row["student"].strip(), row["assessment"].strip())
            else:
                book.record(row["student"].strip(), row["assessment"].strip(), float(points.replace(",", ".")))
        except (KeyError, ValueError) as exc:
            raise MarksFileError(f"{source}, line {line}: {exc}") from None
        entered += 1
    return entered
