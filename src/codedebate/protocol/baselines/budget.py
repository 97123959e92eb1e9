"""Token budgets: keep spending while the next unit of work is expected to fit.

The cost of a unit (one sample, one repair round) is its prompt + completion tokens, as the
records count them. The next unit is expected to cost as much as the most expensive one so far,
so a run stays within its budget unless a unit is longer than every earlier one; the first unit
always runs (a run needs an answer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..state import DebateState

#: Stop reason of a run that ended because the next unit would exceed its token budget.
BUDGET = "budget"


def tokens_spent(state: DebateState) -> int:
    """Prompt + completion tokens of every model call of the run so far."""
    return sum(c.response.prompt_tokens + c.response.completion_tokens for c in state.calls)


@dataclass(frozen=True)
class TokenBudget:
    """A run's token budget; ``limit`` 0 means none."""

    limit: int = 0

    @property
    def active(self) -> bool:
        return self.limit > 0

    def allows_next(self, spent: int, costs: Sequence[int]) -> bool:
        """Whether another unit fits: ``spent`` plus the largest cost in ``costs`` stays within the limit."""
        if not self.active or not costs:
            return True
        return spent + max(costs) <= self.limit
