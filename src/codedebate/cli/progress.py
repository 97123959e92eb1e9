"""Progress of a run: a rich live line on a terminal, plain log lines on stderr otherwise."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console


class PlainProgress:
    """One log line per round, phase, model call and stop."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.label, self.stream, self.calls, self.t0 = label, stream or sys.stderr, 0, time.monotonic()

    def __call__(self, event: str, **info: Any) -> None:
        elapsed = time.monotonic() - self.t0
        if event == "call":
            self.calls += 1
            cut = " (hit max_tokens)" if info.get("finish_reason") == "length" else ""
            text = (f"round {info['round']}: {info['phase']} reply from {info['agent']}: "
                    f"{info.get('tokens', 0)} tokens in {info.get('seconds', 0.0):.1f}s{cut}")
        elif event == "round":
            text = f"round {info['round']}"
        elif event == "phase":
            text = f"round {info['round']}: {info['phase']}"
        elif event == "stop":
            text = f"stopped: {info['reason']} after round {info['round']} ({self.calls} model calls)"
        else:
            return
        print(f"[{elapsed:7.1f}s] {self.label}: {text}", file=self.stream, flush=True)


class RichProgress:
    """A spinner with the current round and phase and the number of model calls so far."""

    def __init__(self, label: str, console: Console | None = None) -> None:
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.label, self.calls, self.where = label, 0, "starting"
        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                                 transient=False, console=console)
        self.task = self.progress.add_task(self._text())

    @property
    def description(self) -> str:
        return self.progress.tasks[0].description

    def _text(self) -> str:
        return f"[bold]{self.label}[/] {self.where} · {self.calls} calls"

    def __call__(self, event: str, **info: Any) -> None:
        if event == "call":
            self.calls += 1
        elif event == "round":
            self.where = f"round {info['round']}"
        elif event == "phase":
            self.where = f"round {info['round']} · {info['phase']}"
        elif event == "stop":
            self.where = f"done: {info['reason']} after round {info['round']}"
        self.progress.update(self.task, description=self._text())


@contextlib.contextmanager
def make_progress(terminal: bool, label: str) -> Iterator[PlainProgress | RichProgress]:
    """The progress sink for a run; a rich display only when stdout is a terminal."""
    if not terminal:
        yield PlainProgress(label)
        return
    sink = RichProgress(label)
    with sink.progress:
        yield sink
