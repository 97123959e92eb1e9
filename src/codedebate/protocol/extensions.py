"""Record columns a protocol (or a task kind) adds: declared next to their owner, filled per run.

A protocol lists its :class:`RecordExtension` objects in ``Protocol.extensions``; the record
builders call them and accept only the columns they declared (``records.declare_columns``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from codedebate.records import Column, RecordError, declare_columns

if TYPE_CHECKING:  # pragma: no cover
    from .state import DebateState, Solution


def _nothing(*_: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class RecordExtension:
    """Columns one owner adds to the summary and per-round tables, and how to fill them."""

    owner: str
    summary: tuple[Column, ...] = ()
    per_round: tuple[Column, ...] = ()
    summary_values: Callable[["DebateState"], dict[str, Any]] = field(default=_nothing)
    per_round_values: Callable[["DebateState", "Solution"], dict[str, Any]] = field(default=_nothing)

    def __post_init__(self) -> None:
        declare_columns(self.owner, "summary", self.summary)
        declare_columns(self.owner, "per_round", self.per_round)

    def fill_summary(self, state: "DebateState") -> dict[str, Any]:
        return self._checked("summary", self.summary, self.summary_values(state))

    def fill_per_round(self, state: "DebateState", sol: "Solution") -> dict[str, Any]:
        return self._checked("per_round", self.per_round, self.per_round_values(state, sol))

    def _checked(self, table: str, declared: tuple[Column, ...], values: dict[str, Any]) -> dict[str, Any]:
        names = {c for c, _, _ in declared}
        undeclared = sorted(set(values) - names)
        if undeclared:
            raise RecordError(f"{self.owner}: {table} values {undeclared} were not declared")
        return values
