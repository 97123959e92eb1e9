"""The Executor: write a candidate and its tests into a fresh temp dir, run them sandboxed, cache.

Knows nothing of debates: it takes a task, a mapping of file names to sources, and returns an
:class:`ExecutionResult`. Runs go to a pre-started worker that forks one sandbox per candidate.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import tempfile
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..tasks import Task
from . import checks, plain, verdicts
from .cache import ResultCache, cache_key
from .client import WorkerClient, WorkerError
from .launcher import INI_FILE, TEST_FILE
from .housekeeping import RUN_PREFIX, remove_tree
from .metrics import strip_pragmas
from .relative_imports import absolutize
from .request import MetricsRequest, RunRequest
from .module_names import module_names
from .results import ExecutionResult, TestResult
from .settings import ExecutorSettings


class Executor:
    """Scores candidates against a task's tests; safe to call from several threads at once."""

    def __init__(self, settings: ExecutorSettings | None = None, cache_dir: Path | str | None = None) -> None:
        self.settings = settings or ExecutorSettings()
        self.cache = ResultCache(cache_dir)
        self._worker = WorkerClient()

    # ------------------------------------------------------------------ public API
    def run(self, task: Task, files: dict[str, str], hidden: bool = False) -> ExecutionResult:
        """Run ``files`` against the task's visible (or hidden) tests."""
        files = _check_files(files)
        test_module = task.test_module(hidden)
        key = cache_key(files, test_module, self.settings.key(), task.file_names)
        hit = self.cache.get(key)
        if hit is not None:
            return replace(hit, cached=True)
        expected = task.hidden_test_names if hidden else task.test_names
        result = self._execute(task, files, test_module, expected)
        self.cache.put(key, result)
        return result

    async def arun(self, task: Task, files: dict[str, str], hidden: bool = False) -> ExecutionResult:
        """:meth:`run` in a thread; several may be gathered concurrently."""
        return await asyncio.to_thread(self.run, task, files, hidden)

    @property
    def capabilities(self) -> dict[str, bool]:
        """Isolation layers in effect (empty until the worker has started; see :meth:`start`)."""
        return dict(self._worker.capabilities)

    def start(self) -> dict[str, bool]:
        """Start the worker now (runs start it lazily) and return the isolation layers in effect."""
        return self._worker.start()

    def close(self) -> None:
        """Stop the worker; a later run starts a new one."""
        self._worker.close()

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals
    def _execute(
        self, task: Task, files: dict[str, str], test_module: str, expected: tuple[str, ...],
    ) -> ExecutionResult:
        s = self.settings
        used = {n: files[n] for n in task.file_names if n in files}
        details: dict[str, Any] = {
            "missing_files": [n for n in task.file_names if n not in files],
            "ignored_files": sorted(n for n in files if n not in task.file_names),
        }
        compiles = not details["missing_files"] and all(_compiles(n, src) for n, src in used.items())
        sandbox_module, expectations = checks.split(test_module)
        root = Path(tempfile.mkdtemp(prefix=f"{RUN_PREFIX}{os.getpid()}-"))
        try:
            layout = _write_layout(root, used, sandbox_module)
            metrics: dict[str, Any] = {}
            thread = None
            if s.metrics and used:
                thread = threading.Thread(target=self._metrics, args=(layout, list(used), metrics), daemon=True)
                thread.start()
            if expected:
                tests, run_error, run_details = self._run_tests(layout, expected, expectations)
            else:
                tests, run_error, run_details = (), "no tests to run", {}
            if thread is not None:
                thread.join()
        finally:
            remove_tree(root)
        details.update(run_details)
        details["capabilities"] = self.capabilities
        if "error" in metrics:
            details["metrics_error"] = metrics["error"]
        return ExecutionResult(
            tests=tests, compiles=compiles, duration_s=round(run_details.get("duration_s", 0.0), 4),
            pylint_score=metrics.get("pylint_score"), complexity=metrics.get("complexity"),
            error=verdicts.cut(run_error, 4 * s.max_message_chars), details=details,
        )

    def _run_tests(
        self, layout: dict[str, str], expected: tuple[str, ...], expectations: dict[int, checks.Check],
    ) -> tuple[tuple[TestResult, ...], str, dict[str, Any]]:
        """Ask the worker to run pytest sandboxed; turn its report into verdicts."""
        s = self.settings
        nonce = secrets.token_hex(16)
        names = module_names(Path(layout["test_file"]).read_text(encoding="utf-8"))
        req = RunRequest(
            workdir=layout["workdir"], test_dir=layout["test_dir"], test_file=layout["test_file"],
            ini_file=layout["ini_file"], nonce=nonce, expected=tuple(expected), timeout_s=s.timeout_s,
            cpu_s=s.cpu_limit_s, memory_bytes=s.memory_mb * 1024 * 1024, max_processes=s.max_processes,
            max_file_bytes=s.max_output_bytes, max_chars=s.max_message_chars,
            allowed_globals=names.allowed, test_defs=names.defs, test_imported=names.imported,
            expected_values={str(n): plain.encode(c.expected) for n, c in expectations.items()} or None,
        )
        reply = self._worker.request(req, timeout_s=s.timeout_s + 60)
        report = verdicts.RunReport(
            lines=reply["lines"], exit_code=reply["exit_code"], signal=reply["signal"],
            timed_out=reply["timed_out"], output_tail=reply["output_tail"][-s.max_message_chars:],
            overflow=reply["overflow"],
        )
        tests, run_error = verdicts.parse(report, nonce, expected, s.max_message_chars, expectations)
        keep = ("exit_code", "signal", "timed_out", "duration_s", "cpu_s", "cgroup")
        return tests, run_error, {k: reply[k] for k in keep} | {"sandbox_uid": reply["uid"]}

    def _metrics(self, layout: dict[str, str], names: list[str], out: dict[str, Any]) -> None:
        s = self.settings
        req = MetricsRequest(dir=layout["metrics_dir"], files=tuple(names), rcfile=layout["rcfile"],
                             timeout_s=s.metrics_timeout_s, memory_bytes=2 * 1024**3)
        try:
            reply = self._worker.request(req, timeout_s=s.metrics_timeout_s + 30)
        except WorkerError as exc:
            out["error"] = f"metrics failed: {exc}"
            return
        out.update({k: reply.get(k) for k in ("pylint_score", "complexity")})
        if reply.get("pylint_error"):
            out["error"] = reply["pylint_error"]


def _check_files(files: dict[str, str]) -> dict[str, str]:
    if not isinstance(files, dict):
        raise TypeError(f"files must be a dict of file name -> source, got {type(files).__name__}")
    for name, src in files.items():
        if not isinstance(name, str) or not isinstance(src, str):
            raise TypeError(f"files[{name!r}] must map a str file name to str source")
    return dict(files)


def _compiles(name: str, source: str) -> bool:
    try:
        compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return False
    return True


def _write(path: Path, text: str, mode: int) -> None:
    path.write_text(text, encoding="utf-8")
    os.chmod(path, mode)


def _write_layout(root: Path, files: dict[str, str], test_module: str) -> dict[str, str]:
    """root/work (candidate, cwd), root/tests (only we, and the run's group once the supervisor
    hands it over, may read the tests), root/metrics (pristine copies for Pylint and Radon)."""
    os.chmod(root, 0o711)
    work, tests, metrics = (root / d for d in ("work", "tests", "metrics"))
    for d, mode in ((work, 0o700), (tests, 0o700), (metrics, 0o755)):
        d.mkdir()
        os.chmod(d, mode)
    (work / ".tmp").mkdir()
    modules = {name[:-3] for name in files if name.endswith(".py")}
    for name, src in files.items():
        _write(work / name, absolutize(src, modules), 0o600)
        _write(metrics / name, strip_pragmas(src), 0o644)
    _write(tests / TEST_FILE, test_module, 0o600)
    _write(tests / INI_FILE, "[pytest]\n", 0o600)
    _write(metrics / ".pylintrc", "[MAIN]\n", 0o644)
    return {
        "workdir": str(work), "test_dir": str(tests), "test_file": str(tests / TEST_FILE),
        "ini_file": str(tests / INI_FILE),
        "metrics_dir": str(metrics), "rcfile": str(metrics / ".pylintrc"),
    }
