"""How pytest starts inside the sandbox child, as cheaply as correctness allows.

Three ways, fastest first, each built once in the worker and inherited by every fork:

1. a *zygote session*: the worker parses a fixed command line and runs pytest's configure and
   session-start steps for test and work folders at fixed paths; every child, in its own mount
   namespace, mounts its run's folders at those paths and only collects and runs the tests
   (the second half of ``_pytest.main.wrap_session``). Needs the mount namespace.
2. a prepared plugin manager: the default plugins are imported and registered once; each child
   parses its own command line and runs ``pytest_cmdline_main``.
3. plain ``pytest.main`` (if neither could be prepared).
"""

from __future__ import annotations

import dataclasses
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .request import RunRequest

#: Built-in plugins a scoring run never needs (caches, reports to files, doctests).
DISABLED_PLUGINS = ("cacheprovider", "stepwise", "pastebin", "junitxml", "doctest", "setuponly", "setupplan")
PLUGIN_ARGS = [arg for name in DISABLED_PLUGINS for arg in ("-p", f"no:{name}")]
#: The zygote runs without the faulthandler plugin (the child enables faulthandler on its own
#: stderr); output capture is stopped in the worker and started afresh in each child.
ZYGOTE_ARGS = ["-p", "no:faulthandler"]

#: File names inside a run's test folder; the zygote's fixed test folder holds the same names.
TEST_FILE, INI_FILE = "test_candidate.py", "pytest.ini"

PREPARED: Any = None  # a Config whose plugin manager holds the default plugins
ZYGOTE: tuple[Any, Any, Any, dict[str, str]] | None = None  # (config, session, plugin, paths)
ZYGOTE_FDS: tuple[int, ...] = ()  # descriptors the zygote's plugins hold open (e.g. a log handler)


def pytest_args(paths: dict[str, str]) -> list[str]:
    """Fixed pytest command line: our ini only, no conftest, no plugin autoload, no cache."""
    return [
        paths["test_file"], "-c", paths["ini_file"], "--rootdir", paths["test_dir"], "--noconftest",
        *PLUGIN_ARGS, "-q", "--tb=short", "-o", "console_output_style=classic", "--capture=no",
        "--basetemp", os.path.join(paths["workdir"], ".pytest_tmp"),
    ]


def fixed_paths(root: str) -> dict[str, str]:
    """Where the zygote expects every run's folders (inside each child's mount namespace)."""
    tests = os.path.join(root, "tests")
    return {"workdir": os.path.join(root, "work"), "test_dir": tests,
            "test_file": os.path.join(tests, TEST_FILE), "ini_file": os.path.join(tests, INI_FILE)}


def prepare(zygote_root: str | None) -> None:
    """Build :data:`PREPARED`, and :data:`ZYGOTE` when ``zygote_root`` is given (worker only)."""
    global PREPARED, ZYGOTE, ZYGOTE_FDS
    from _pytest.config import get_config

    PREPARED = get_config(PLUGIN_ARGS)
    if zygote_root is None:
        return
    try:
        before = set(_open_fds())
        ZYGOTE = _build_zygote(fixed_paths(zygote_root))
        ZYGOTE_FDS = tuple(sorted(set(_open_fds()) - before))
        problem = _canary()
        if problem:
            raise RuntimeError(f"the zygote session failed its self-test: {problem}")
    except Exception:  # noqa: BLE001 - fall back to the slower way, and say why
        sys.stderr.write("codedebate worker: no zygote session, runs use pytest_cmdline_main:\n")
        traceback.print_exc()
        ZYGOTE = None


def _canary() -> str:
    """Run one known test through the zygote in a throwaway fork; '' when it reports it right."""
    import json

    paths = ZYGOTE[3]
    Path(paths["test_file"]).write_text("def test_canary():\n    assert 1 + 1 == 2\n")
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.close(rfd)
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.chdir(paths["workdir"])
            code = _run_zygote((wfd, "canary", ["test_canary"], 200))
        finally:
            os._exit(code)
    os.close(wfd)
    with os.fdopen(rfd, "rb") as fh:
        lines = [json.loads(line) for line in fh.read().splitlines() if line.strip()]
    os.waitpid(pid, 0)
    Path(paths["test_file"]).write_text("")
    kinds = [(r.get("kind"), r.get("outcome")) for r in lines]
    return "" if ("test", "passed") in kinds and ("done", None) in kinds else f"saw {kinds}"


def _open_fds() -> list[int]:
    return [int(fd) for fd in os.listdir("/proc/self/fd")]


def _build_zygote(paths: dict[str, str]) -> tuple[Any, Any, Any, dict[str, str]]:
    from _pytest.config import get_config
    from _pytest.main import Session

    from .harness import VerdictPlugin

    os.makedirs(paths["workdir"], exist_ok=True)
    os.makedirs(paths["test_dir"], exist_ok=True)
    Path(paths["ini_file"]).write_text("[pytest]\n")
    Path(paths["test_file"]).touch()
    args = pytest_args(paths) + ZYGOTE_ARGS
    config = get_config(PLUGIN_ARGS + ZYGOTE_ARGS)
    config.invocation_params = dataclasses.replace(config.invocation_params, args=tuple(args),
                                                   dir=Path(paths["workdir"]))
    plugin = VerdictPlugin()
    config.pluginmanager.register(plugin)
    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        config = config.pluginmanager.hook.pytest_cmdline_parse(pluginmanager=config.pluginmanager, args=args)
        session = Session.from_config(config)
        session.exitstatus = 0
        config._do_configure()
        config.hook.pytest_sessionstart(session=session)
    finally:
        capture = config.pluginmanager.get_plugin("capturemanager")
        if capture is not None:
            capture.stop_global_capturing()  # its temp files must be each child's own
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, null):
            os.close(fd)
    return config, session, plugin, paths


def child_paths(req: RunRequest, zygote: bool) -> dict[str, str]:
    """The paths the child sees: the zygote's fixed ones, or the run's own."""
    if zygote and ZYGOTE is not None:
        return ZYGOTE[3]
    return {k: getattr(req, k) for k in ("workdir", "test_dir", "test_file", "ini_file")}


def run(paths: dict[str, str], arm: tuple, zygote: bool) -> int:
    """Run the session; ``arm`` is (fd, nonce, expected names, max message chars[, test globals])."""
    import pytest

    from .harness import VerdictPlugin

    os.environ["PYTEST_VERSION"] = pytest.__version__
    if zygote and ZYGOTE is not None:
        return _run_zygote(arm)
    plugin = VerdictPlugin()
    plugin.arm(*arm, test_file=paths["test_file"])
    args = pytest_args(paths)
    if PREPARED is None:
        return int(pytest.main(args, plugins=[plugin]))
    # as if pytest had been started here, with these arguments
    PREPARED.invocation_params = dataclasses.replace(PREPARED.invocation_params, args=tuple(args), dir=Path.cwd())
    manager = PREPARED.pluginmanager
    manager.register(plugin)
    config = manager.hook.pytest_cmdline_parse(pluginmanager=manager, args=args)
    try:
        return int(config.hook.pytest_cmdline_main(config=config))
    finally:
        config._ensure_unconfigure()


def _run_zygote(arm: tuple) -> int:
    """The part of ``_pytest.main.wrap_session`` after session start, error handling included."""
    import faulthandler

    from _pytest._code import ExceptionInfo
    from _pytest.main import ExitCode, Failed, _main
    from _pytest.outcomes import Exit

    config, session, plugin, paths = ZYGOTE
    plugin.arm(*arm, test_file=paths["test_file"])
    faulthandler.enable(file=sys.stderr, all_threads=True)
    capture = config.pluginmanager.get_plugin("capturemanager")
    if capture is not None:  # the state pytest leaves it in after parsing the command line
        capture.start_global_capturing()
        capture.suspend_global_capture()
    try:
        session.exitstatus = _main(config, session) or 0
    except Failed:
        session.exitstatus = ExitCode.TESTS_FAILED
    except (KeyboardInterrupt, Exit):
        excinfo = ExceptionInfo.from_current()
        code = getattr(excinfo.value, "returncode", None)
        session.exitstatus = code if code is not None else ExitCode.INTERRUPTED
        config.hook.pytest_keyboard_interrupt(excinfo=excinfo)
    except BaseException:  # noqa: BLE001 - as pytest does: an internal error, reported
        session.exitstatus = ExitCode.INTERNAL_ERROR
        config.notify_exception(ExceptionInfo.from_current(), config.option)
    finally:
        try:
            config.hook.pytest_sessionfinish(session=session, exitstatus=session.exitstatus)
        except Exit as exc:
            if exc.returncode is not None:
                session.exitstatus = exc.returncode
        config._ensure_unconfigure()
    return int(session.exitstatus)
