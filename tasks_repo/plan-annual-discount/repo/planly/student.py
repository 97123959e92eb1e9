"""Students pay half, on any billing period."""

from __future__ import annotations

from .plans import Plan


class StudentPlan(Plan):
    code = "student"
    label = "Student"

    def _discount(self, gross: int, months: int) -> int:
        return super()._discount(gross, months) + gross // 2
