"""markbook: a teacher's mark book: assessments, weighted averages, report cards, class rankings."""

from .gradebook import Gradebook
from .ranking import class_ranking
from .report import report_card

__all__ = ["Gradebook", "class_ranking", "report_card"]
