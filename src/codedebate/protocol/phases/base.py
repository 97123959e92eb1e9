"""The phase interface: one step of a round that reads and extends the run state."""

from __future__ import annotations

from typing import Protocol

from ..context import RunContext
from ..state import DebateState

#: Temperature of critique and vote calls (analysis, not generation; not a run setting).
ANALYSIS_TEMPERATURE = 0.3


class Phase(Protocol):
    """A unit of a round (propose, critique, revise, vote, ...)."""

    name: str

    async def run(self, state: DebateState, ctx: RunContext) -> None:
        """Do the phase for the current round (``state.current``)."""
