"""A small finite state machine with guarded transitions and history."""

from __future__ import annotations

from typing import Any, Callable


class TransitionError(Exception):
    """The event cannot fire in the current state."""


class StateMachine:
    """States, transitions keyed by (event, source), and the path taken so far."""

    def __init__(self, states: list[str], initial: str, final_states: tuple[str, ...] = ()) -> None:
        self.states = set(states)
        if initial not in self.states or any(s not in self.states for s in final_states):
            raise ValueError("initial and final states must be among the states")
        self.state = initial
        self.final_states = set(final_states)
        self.history: list[tuple[str, str, str]] = []
        self._transitions: dict[tuple[str, str], tuple[str, Callable[[Any], bool] | None]] = {}

    def add_transition(self, event: str, source: str, target: str, guard: Callable[[Any], bool] | None = None) -> None:
        for state in (source, target):
            if state not in self.states:
                raise KeyError(state)
        if (event, source) in self._transitions:
            raise ValueError(f"transition {event!r} from {source!r} already defined")
        self._transitions[(event, source)] = (target, guard)

    @property
    def is_final(self) -> bool:
        return self.state in self.final_states

    def can_fire(self, event: str, context: Any = None) -> bool:
        found = self._transitions.get((event, self.state))
        if found is None or self.is_final:
            return False
        guard = found[1]
        return guard is None or bool(guard(context))

    def fire(self, event: str, context: Any = None) -> str:
        if not self.can_fire(event, context):
            raise TransitionError(f"{event!r} cannot fire in state {self.state!r}")
        target = self._transitions[(event, self.state)][0]
        self.history.append((self.state, event, target))
        self.state = target
        return target

    def available_events(self, context: Any = None) -> list[str]:
        events = {event for (event, source) in self._transitions if source == self.state}
        return sorted(e for e in events if self.can_fire(e, context))
