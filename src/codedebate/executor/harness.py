"""Pytest plugin that runs inside the sandbox and streams one JSON line per event to a pipe.

Each line carries the run's nonce. A test is reported passed only if pytest says so, the test
function itself (from the test file, not a stand-in) returned normally, and the test machinery
is unchanged since before the candidate was imported (see integrity.py and docs/sandbox.md).
"""

from __future__ import annotations

import inspect
import json
import os
from typing import Any

import pytest

from . import integrity


class VerdictPlugin:
    """Reports collection errors, test starts, per-test outcomes and tampering on ``fd``."""

    def __init__(self) -> None:
        self._fd = -1
        self._nonce = ""
        self._expected: set[str] = set()
        self._max = 0
        self._test_file = ""
        self._phases: dict[str, dict[str, Any]] = {}
        self._returned: dict[str, str] = {}
        self._write = os.write  # bound before any candidate code is imported
        self._dumps = json.dumps
        self._baseline = integrity.BASELINE or integrity.Snapshot()
        self._hot = integrity.HOT or integrity.Snapshot(integrity.HOT_PREFIXES)
        self._own: dict[str, Any] = {}

    def arm(self, fd: int, nonce: str, expected: list[str], max_chars: int, *, test_file: str) -> None:
        """Give the plugin its run: channel, nonce, expected tests (may happen after registration)."""
        self._fd = fd
        self._nonce = nonce
        self._expected = set(expected)
        self._max = 2 * max_chars + 100  # the parent cuts to max_chars and notes the cut
        self._test_file = os.path.realpath(test_file)
        self._own = {k: v for k, v in vars(self).items() if k != "_own"}

    def _emit(self, **record: Any) -> None:
        record["nonce"] = self._nonce
        data = (self._dumps(record) + "\n").encode("utf-8", "replace")
        view = memoryview(data)
        while view:
            view = view[self._write(self._fd, view):]

    def _check(self, full: bool = True) -> bool:
        """Report tampering with the machinery or with this plugin; True when all is intact."""
        changes = (self._baseline if full else self._hot).changes()
        changes += [f"harness state {k!r} was changed" for k, v in self._own.items() if vars(self).get(k) is not v]
        if changes:
            self._emit(kind="tampered", what=changes[:5])
        return not changes

    def _text(self, report: Any) -> str:
        try:
            text = str(report.longreprtext)
        except Exception:  # noqa: BLE001 - a broken repr must not lose the verdict
            text = "<unprintable failure>"
        return text[: self._max]

    @pytest.hookimpl(trylast=True)
    def pytest_sessionstart(self, session: Any) -> None:
        """Configuration is done and no candidate code has run yet: this is the baseline."""
        self._baseline.refresh()
        self._hot.refresh()

    @pytest.hookimpl(tryfirst=True)
    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self._emit(kind="collect_error", nodeid=report.nodeid, message=self._text(report))

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        keep = [it for it in items if getattr(it, "originalname", None) in self._expected]
        dropped = [it for it in items if it not in keep]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = keep

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session: Any) -> None:
        self._check()

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem: Any):
        """Wrap the real test function to see with our own eyes whether it returned."""
        original = pyfuncitem.obj
        code = getattr(original, "__code__", None)
        nodeid = pyfuncitem.nodeid
        if code is None or os.path.realpath(code.co_filename) != self._test_file:
            self._returned[nodeid] = "the test function was replaced by code outside the test file"
            return (yield)
        if inspect.iscoroutinefunction(original):
            self._returned[nodeid] = "ok"  # pytest fails unsupported async tests itself
            return (yield)
        self._returned[nodeid] = "the test function did not return normally"

        def guarded(*args: Any, **kwargs: Any) -> Any:
            result = original(*args, **kwargs)
            self._returned[nodeid] = "ok"
            return result

        pyfuncitem.obj = guarded
        try:
            return (yield)
        finally:
            pyfuncitem.obj = original

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
        seen = self._returned.pop(nodeid, "the test function was never called")
        if outcome == "passed" and seen != "ok":
            outcome, message = "error", f"pytest reported a pass but {seen}"
        if self._check(full=False):
            self._emit(kind="test", nodeid=nodeid, outcome=outcome, message=message)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: Any, exitstatus: Any) -> None:
        if self._check():
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
