"""Report cards: one per student, with each category, the overall percentage and the letter."""

from __future__ import annotations

from .gradebook import Gradebook
from .grades import letter, one_decimal


def report_card(book: Gradebook, student_id: str) -> str:
    student = book.students[student_id]
    categories = book.category_averages(student_id)
    lines = [f"Report card: {student.name} ({student.form})"]
    for category in book.policy:
        if category in categories:
            lines.append(f"  {category:<10} {one_decimal(categories[category]):5.1f}%")
        else:
            lines.append(f"  {category:<10} not marked yet")
    overall = book.average(student_id)
    if overall is None:
        lines.append(f"  {'overall':<10} no marks yet")
    else:
        lines.append(f"  {'overall':<10} {one_decimal(overall):5.1f}%  {letter(overall)}")
    return "\n".join(lines)
