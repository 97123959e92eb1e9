"""Pytest plugin that runs inside the sandbox and streams one JSON line per event to a pipe.

Each line carries the run's nonce. A test is reported passed only if pytest says so, the test
function itself (its code equal to what the harness compiled from the test file before any
candidate code ran) returned normally, the test module's globals hold only what the test file
binds, and the test machinery is unchanged since before the candidate was imported (see
integrity.py and docs/sandbox.md). Plain-data checks (checks.py) are reported, not judged, here.
"""

from __future__ import annotations

import builtins
import inspect
import json
import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from . import integrity, plain
from .module_names import ModuleNames

#: The armed plugin of this process (a sandbox child runs one session).
ACTIVE: VerdictPlugin | None = None
MAX_CHECK_CHARS = 1 << 20
REWRITE_NAMES = ("@py_builtins", "@pytest_ar")  # globals pytest's assertion rewriting adds


def install_compile_recorder() -> None:
    """Worker only, before the tripwire's snapshot: hand the code object pytest compiles for the
    test file to the armed plugin the moment it exists, before the module (and so the candidate)
    runs. It is the reference each test function's code must equal; no second compile needed."""
    from _pytest.assertion import rewrite

    original = rewrite._rewrite_test
    if getattr(original, "_codedebate", False):
        return

    def recording(fn: Any, config: Any) -> Any:
        stat, code = original(fn, config)
        plugin = ACTIVE
        if plugin is not None and os.path.realpath(str(fn)) == plugin._test_file and plugin._trusted is None:
            plugin._trust(code)
        return stat, code

    recording._codedebate = True  # type: ignore[attr-defined]
    rewrite._rewrite_test = recording


def check(index: int, value: Any) -> None:
    """Report the value of a rewritten ``assert <expr> == <literal>`` (checks.py) to the parent."""
    plugin = ACTIVE
    if plugin is not None:
        plugin.record_check(index, value)


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
        self._current: str | None = None
        self._checks: dict[str, dict[int, list]] = {}
        self._trusted: dict[tuple[str, int], types.CodeType] | None = None
        self._config: Any = None
        self._allowed: set[str] | None = None
        self._defs: set[str] = set()
        self._imported: set[str] = set()
        self._builtins = builtins
        self._check_fn = check
        self._expected_values: dict[str, Any] = {}

    def arm(self, fd: int, nonce: str, expected: list[str], max_chars: int, names: ModuleNames | None = None,
            expected_values: dict[str, Any] | None = None, *, test_file: str) -> None:
        """Give the plugin its run: channel, nonce, expected tests, the test module's names (may
        happen after registration)."""
        self._expected_values = dict(expected_values or {})
        if names is not None:
            self._allowed = None if names.allowed is None else set(names.allowed)
            self._defs, self._imported = set(names.defs), set(names.imported)
        self._fd = fd
        self._nonce = nonce
        self._expected = set(expected)
        self._max = 2 * max_chars + 100  # the parent cuts to max_chars and notes the cut
        self._test_file = os.path.realpath(test_file)
        self._own = {k: v for k, v in vars(self).items() if k not in ("_own", "_current")}
        global ACTIVE
        ACTIVE = self

    def record_check(self, index: int, value: Any) -> None:
        """Keep the plain-data form of a checked value (at most two distinct ones per check); a
        value that is not plain data is compared here (see :meth:`_compare_here`)."""
        nodeid = self._current
        if nodeid is None:
            return
        try:
            text = self._dumps(plain.encode(value))
            if len(text) > MAX_CHECK_CHARS:
                raise plain.TooLarge("the value is too large to compare")
        except plain.TooLarge as exc:
            text = self._dumps({"error": str(exc)})
        except Exception as exc:  # noqa: BLE001 - whatever the value does, the check fails
            text = self._dumps(self._compare_here(int(index), value, exc))
        slot = self._checks.setdefault(nodeid, {}).setdefault(int(index), [0, [], False])
        slot[0] += 1
        if text not in slot[1]:
            if len(slot[1]) < 2:
                slot[1].append(text)
            else:
                slot[2] = True

    def _compare_here(self, index: int, value: Any, why: Exception) -> dict[str, Any]:
        """A value that is not plain data (a class of the candidate's, say) is compared with the
        expected value here, with its own ``__eq__``, but only after that ``__eq__`` has said
        "different" to a fresh object and to random values of the expected value's kind."""
        kind = f"{type(value).__module__}.{type(value).__qualname__}"
        tagged = self._expected_values.get(str(index))
        if tagged is None:
            return {"error": f"{type(why).__name__}: {why}"[:300]}
        try:
            expected = plain.decode(tagged)
            for probe in (object(), *plain.probes(expected)):
                if value == probe:
                    return {"error": f"a {kind} object claims to equal anything (it equalled {probe!r})"}
            return {"fallback": bool(value == expected), "type": kind}
        except Exception as exc:  # noqa: BLE001 - a comparison that raises is a failed check
            return {"error": f"comparing a {kind} object raised {type(exc).__name__}: {exc}"[:300]}

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

    def _trust(self, code: types.CodeType) -> None:
        """Take ``code`` (the test module as compiled from its read-only file) as the reference."""
        trusted: dict[tuple[str, int], types.CodeType] = {}
        stack = [code]
        while stack:
            c = stack.pop()
            trusted[(c.co_qualname, c.co_firstlineno)] = c
            stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
        self._trusted = trusted
        self._own["_trusted"] = trusted

    def _reference(self) -> dict[tuple[str, int], types.CodeType]:
        """The reference code objects; compiled here from the read-only test file if pytest's
        compile was not seen (the file cannot have changed, so this is as good)."""
        if self._trusted is None:
            from _pytest.assertion.rewrite import _rewrite_test

            try:
                self._trust(_rewrite_test(Path(self._test_file), self._config)[1])
            except Exception:  # noqa: BLE001 - pytest reports the collection error itself
                self._trusted = {}
                self._own["_trusted"] = self._trusted
        return self._trusted

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection(self, session: Any) -> None:
        self._config = session.config
        self._own["_config"] = self._config

    def _code_problem(self, func: Any) -> str:
        """'' when ``func`` is a test function compiled from the test file, unchanged."""
        code = getattr(func, "__code__", None)
        if code is None or os.path.realpath(code.co_filename) != self._test_file:
            return "the test function was replaced by code outside the test file"
        trusted = self._reference().get((code.co_qualname, code.co_firstlineno))
        if trusted is None or code != trusted:
            return f"the code of {code.co_qualname} differs from the test file as compiled"
        raw = getattr(func, "__func__", func)
        if not trusted.co_freevars and getattr(raw, "__closure__", None) is not None:
            return f"{code.co_qualname} was given a closure"
        if getattr(raw, "__builtins__", self._builtins.__dict__) is not self._builtins.__dict__:
            return f"{code.co_qualname} does not use the real builtins"
        return ""

    def _globals_problem(self, module: Any) -> str:
        """'' when the test module's globals hold only what the test file binds, genuine."""
        ns = vars(module)
        real = self._builtins
        if ns.get("__builtins__") not in (real, real.__dict__) or ns.get("@py_builtins", real) is not real:
            return "the test module's builtins were replaced"
        if "__codedebate_check__" in ns and ns["__codedebate_check__"] is not self._check_fn:
            return "the test module's check function was replaced"
        if self._allowed is not None:
            extra = [k for k in ns if k not in self._allowed and k not in REWRITE_NAMES
                     and not (k.startswith("__") and k.endswith("__"))]
            if extra:
                return f"names were added to the test module: {sorted(extra)[:5]}"
        for name in self._defs:
            value = ns.get(name)
            if isinstance(value, types.FunctionType):
                problem = self._code_problem(value)
                if problem:
                    return problem
            elif not isinstance(value, type):
                return f"the test module's {name} was replaced"
        for name, value in list(ns.items()):
            if isinstance(value, types.ModuleType) and name in self._imported and \
                    sys.modules.get(value.__name__) is not value:
                return f"the test module's {name} is not the module it imported"
        return ""

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
        if self._check():
            modules = {id(it.module): it.module for it in session.items if getattr(it, "module", None) is not None}
            for module in modules.values():
                problem = self._globals_problem(module)
                if problem:
                    self._emit(kind="tampered", what=[problem])
                    return

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_pyfunc_call(self, pyfuncitem: Any):
        """Wrap the real test function to see with our own eyes whether it returned."""
        original = pyfuncitem.obj
        nodeid = pyfuncitem.nodeid
        problem = self._code_problem(original) or self._globals_problem(pyfuncitem.module)
        if problem:
            self._returned[nodeid] = problem
            return (yield)
        if inspect.iscoroutinefunction(original):
            self._returned[nodeid] = "ok"  # pytest fails unsupported async tests itself
            return (yield)
        self._returned[nodeid] = "the test function did not return normally"

        def guarded(*args: Any, **kwargs: Any) -> Any:
            self._current = nodeid
            try:
                result = original(*args, **kwargs)
            finally:
                self._current = None
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
        checks = {n: [c, vals, more] for n, (c, vals, more) in self._checks.pop(nodeid, {}).items()}
        if self._check(full=False):
            self._emit(kind="test", nodeid=nodeid, outcome=outcome, message=message, checks=checks)

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
