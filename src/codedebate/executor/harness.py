"""Pytest plugin that runs inside the sandbox and streams one JSON line per event to a pipe.

Each line carries the run's nonce; the parent trusts nothing that is missing, malformed,
duplicated or carries another nonce (see docs/sandbox.md for what this does and cannot stop).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest


class VerdictPlugin:
    """Reports collection errors, test starts and per-test outcomes on ``fd``."""

    def __init__(self, fd: int, nonce: str, expected: list[str], max_chars: int) -> None:
        self._fd = fd
        self._nonce = nonce
        self._expected = set(expected)
        self._max = 2 * max_chars + 100  # the parent cuts to max_chars and notes the cut
        self._phases: dict[str, dict[str, Any]] = {}
        self._write = os.write  # bound before any candidate code is imported
        self._dumps = json.dumps

    def _emit(self, **record: Any) -> None:
        record["nonce"] = self._nonce
        data = (self._dumps(record) + "\n").encode("utf-8", "replace")
        view = memoryview(data)
        while view:
            view = view[self._write(self._fd, view):]

    def _text(self, report: Any) -> str:
        try:
            text = str(report.longreprtext)
        except Exception:  # noqa: BLE001 - a broken repr must not lose the verdict
            text = "<unprintable failure>"
        return text[: self._max]

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self._emit(kind="collect_error", nodeid=report.nodeid, message=self._text(report))

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        keep = [it for it in items if it.originalname in self._expected]
        dropped = [it for it in items if it.originalname not in self._expected]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = keep

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        self._phases[nodeid] = {}
        self._emit(kind="start", nodeid=nodeid)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: Any) -> None:
        phases = self._phases.setdefault(report.nodeid, {})
        phases[report.when] = (report.outcome, self._text(report) if report.outcome != "passed" else "")

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        outcome, message = _combine(self._phases.pop(nodeid, {}))
        self._emit(kind="test", nodeid=nodeid, outcome=outcome, message=message)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: Any, exitstatus: Any) -> None:
        self._emit(kind="done", exitstatus=int(exitstatus))


def _combine(phases: dict[str, tuple[str, str]]) -> tuple[str, str]:
    """One outcome from setup/call/teardown: passed only if all three passed."""
    setup = phases.get("setup", ("missing", "setup never reported"))
    if setup[0] == "skipped":
        return "failed", "skipped: " + setup[1]
    if setup[0] != "passed":
        return "error", setup[1]
    call = phases.get("call", ("missing", "call never reported"))
    if call[0] == "skipped":
        return "failed", "skipped: " + call[1]
    if call[0] != "passed":
        return "failed", call[1]
    teardown = phases.get("teardown", ("missing", "teardown never reported"))
    if teardown[0] != "passed":
        return "error", teardown[1]
    return "passed", ""
