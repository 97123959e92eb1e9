"""Progress display of ``codedebate run``: plain log lines, and the rich live line."""

from __future__ import annotations

import io

from rich.console import Console

from codedebate.cli.progress import PlainProgress, RichProgress


def test_plain_progress_logs_rounds_phases_and_stop():
    stream = io.StringIO()
    p = PlainProgress("t1", stream)
    p("round", round=1)
    p("phase", round=1, phase="propose")
    p("call", agent="agent_1", phase="propose", round=1, tokens=5, seconds=2.0, finish_reason="length")
    p("stop", reason="early_stop", round=1)
    lines = stream.getvalue().splitlines()
    assert [ln.split("t1: ", 1)[1] for ln in lines] == [
        "round 1", "round 1: propose", "round 1: propose reply from agent_1: 5 tokens in 2.0s (hit max_tokens)",
        "stopped: early_stop after round 1 (1 model calls)"]


def test_rich_progress_shows_round_phase_and_calls():
    console = Console(file=io.StringIO(), force_terminal=True, width=100)
    p = RichProgress("t1", console=console)
    with p.progress:
        p("phase", round=2, phase="critique")
        p("call", agent="agent_1", phase="critique", round=2, tokens=5)
        assert "round 2 · critique · 1 calls" in p.description
        p("stop", reason="consensus", round=2)
    assert "done: consensus after round 2" in p.description
    assert "t1" in console.file.getvalue()
