"""``codedebate run --verbose``: each model call's prompt and reply, printed as the run goes."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO

from codedebate.protocol.context import ProgressSink

RULE = "-" * 72


class VerboseCalls:
    """A progress sink that passes every event on and prints each call's messages and reply."""

    def __init__(self, inner: ProgressSink, stream: TextIO | None = None) -> None:
        self.inner, self.stream = inner, stream or sys.stdout

    def __call__(self, event: str, **info: Any) -> None:
        self.inner(event, **info)
        if event == "call":
            self.print_call(info)

    def print_call(self, info: dict[str, Any]) -> None:
        out = [RULE, f"round {info['round']} · {info['phase']} · {info['agent']} "
                     f"({info.get('model', '?')}), {info.get('tokens', 0)} tokens "
                     f"in {info.get('seconds', 0.0):.1f}s", RULE]
        messages: Sequence[Any] = info.get("messages", ())
        out += [f"[{m.role}]\n{m.content}" for m in messages]
        out.append(f"[reply]\n{info.get('reply', '')}")
        print("\n".join(out), file=self.stream, flush=True)
