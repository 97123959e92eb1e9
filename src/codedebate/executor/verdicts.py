"""Turn the harness's JSON lines into one outcome per expected test, trusting nothing else.

A test counts as passed only if a well-formed record with this run's nonce says so exactly once
and the channel shows no sign of tampering; anything missing is an error (or a timeout).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import checks as checks_mod
from .checks import Check
from .results import Outcome, TestResult


def cut(text: str, limit: int) -> str:
    """Cut a message to ``limit`` characters, saying how much was dropped."""
    if len(text) <= limit:
        return text
    note = f"\n... [{len(text) - limit} more characters cut]"
    return text[: max(0, limit - len(note))] + note


@dataclass
class RunReport:
    """What the sandbox supervisor saw of one run."""

    lines: list[str]
    exit_code: int | None  # None: killed by a signal
    signal: int | None = None
    timed_out: bool = False
    output_tail: str = ""
    overflow: bool = False  # the verdict channel carried more than its cap


def _base_name(nodeid: str) -> str:
    name = nodeid.rsplit("::", 1)[-1]
    return name.split("[", 1)[0]


def parse(
    report: RunReport, nonce: str, expected: tuple[str, ...], limit: int, checks: dict[int, Check] | None = None,
) -> tuple[tuple[TestResult, ...], str]:
    """Per-test results for exactly ``expected`` plus a run-level error text ('' when clean);
    ``checks``: the plain-data expectations taken out of the test module (checks.py), judged here."""
    finished: dict[str, list[tuple[str, str]]] = {}
    seen_nodeids: set[str] = set()
    started: list[str] = []
    collect_errors: list[str] = []
    tampered: list[str] = []
    done = False
    for i, line in enumerate(report.lines):
        try:
            rec = json.loads(line)
        except ValueError:
            tampered.append(f"line {i + 1} of the verdict channel is not JSON")
            continue
        if not isinstance(rec, dict) or rec.get("nonce") != nonce:
            tampered.append(f"line {i + 1} of the verdict channel has a wrong or missing nonce")
            continue
        kind = rec.get("kind")
        if kind == "collect_error":
            collect_errors.append(str(rec.get("message", "")))
        elif kind == "start":
            started.append(_base_name(str(rec.get("nodeid", ""))))
        elif kind == "test":
            nodeid = str(rec.get("nodeid", ""))
            outcome = rec.get("outcome")
            if nodeid in seen_nodeids or outcome not in ("passed", "failed", "error"):
                tampered.append(f"duplicate or malformed verdict for {nodeid!r}")
                continue
            seen_nodeids.add(nodeid)
            message = str(rec.get("message", ""))
            if checks and outcome != "error":
                problem = checks_mod.judge(_base_name(nodeid), rec.get("checks"), checks, outcome == "passed")
                if problem:
                    outcome, message = "failed", problem
            finished.setdefault(_base_name(nodeid), []).append((outcome, message))
        elif kind == "tampered":
            what = rec.get("what")
            items = what if isinstance(what, list) else [what]
            tampered.append("the test machinery was modified: " + "; ".join(map(str, items)))
        elif kind == "done":
            done = True
    if report.overflow:
        tampered.append("the verdict channel overflowed")

    run_error = _run_error(report, done, tampered)
    running = started[-1] if started and started[-1] not in finished else None
    results = []
    for name in expected:
        results.append(_one(name, finished.get(name), tampered, collect_errors, report, running, run_error, limit))
    return tuple(results), run_error


def _one(
    name: str, verdicts: list[tuple[str, str]] | None, tampered: list[str], collect_errors: list[str],
    report: RunReport, running: str | None, run_error: str, limit: int,
) -> TestResult:
    """The outcome of one expected test, given everything the channel said."""
    if tampered:
        return TestResult(name, Outcome.ERROR, cut("verdict rejected: " + "; ".join(tampered[:3]), limit))
    if verdicts:
        bad = [v for v in verdicts if v[0] != "passed"]
        if not bad:
            return TestResult(name, Outcome.PASSED, "")
        worst = next((v for v in bad if v[0] == "failed"), bad[0])
        return TestResult(name, Outcome(worst[0]), cut(worst[1], limit))
    if report.timed_out:
        where = "while this test ran" if running == name else "before this test finished"
        return TestResult(name, Outcome.TIMEOUT, cut(f"timed out {where}: {run_error}", limit))
    if collect_errors:
        return TestResult(name, Outcome.ERROR, cut("collection failed:\n" + collect_errors[0], limit))
    return TestResult(name, Outcome.ERROR, cut(f"no verdict for this test: {run_error or 'it never ran'}", limit))


def _run_error(report: RunReport, done: bool, tampered: list[str]) -> str:
    parts: list[str] = []
    if report.timed_out:
        parts.append("the run exceeded its time limit and was killed")
    elif report.signal is not None:
        parts.append(f"the test process was killed by signal {report.signal}")
    elif not done:
        parts.append(f"the test process exited (status {report.exit_code}) before pytest finished")
    if tampered:
        parts.append("the verdict channel was tampered with")
    if parts and report.output_tail:
        parts.append("output tail:\n" + report.output_tail)
    return "; ".join(parts)
