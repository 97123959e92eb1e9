"""An Ollama server for the cells of one job: reuse a reachable one, else start one, stop it after.

``codedebate with-ollama -- CMD`` wraps a cell. Cells of one SLURM job (Snakemake job groups)
share one server through a lease file under $TMPDIR keyed by the job id: the first cell starts
``ollama serve`` on a free port, later cells reuse it, and once the last cell has left, the server
is stopped after ``linger_s`` seconds without a new cell (so models load once per job).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


class OllamaServerError(RuntimeError):
    """The server could not be found or started; the message says what to fix."""


@dataclass(frozen=True)
class ServerOptions:
    """How a job finds or starts its Ollama server: the one source of these options' defaults
    (the config schema's ``ollama`` block and ``codedebate with-ollama`` read them from here)."""

    binary: str = "ollama"
    container: str = ""
    container_runtime: str = "apptainer"
    host: str = ""
    models_dir: str = ""
    pull: bool = True
    startup_timeout_s: float = 120.0
    linger_s: float = 30.0


def normalise_host(host: str) -> str:
    """'127.0.0.1:11434' or 'http://h:p' -> 'http://h:p'."""
    host = host.strip().rstrip("/")
    return host if "://" in host else f"http://{host}"


def is_reachable(host: str, timeout: float = 2.0) -> bool:
    """True when an Ollama server answers GET /api/version at host."""
    try:
        with urllib.request.urlopen(normalise_host(host) + "/api/version", timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_command(opts: ServerOptions) -> list[str]:
    if opts.container:
        return [opts.container_runtime, "exec", "--nv", opts.container, "ollama", "serve"]
    return [opts.binary, "serve"]


def start_server(opts: ServerOptions, log_path: Path) -> tuple[int, str]:
    """Start ``ollama serve`` on a free loopback port; wait until it answers. Returns (pid, host)."""
    port = free_port()
    host = f"127.0.0.1:{port}"
    env = dict(os.environ, OLLAMA_HOST=host)
    if opts.models_dir:
        env["OLLAMA_MODELS"] = opts.models_dir
    cmd = serve_command(opts)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "ab") as log:
        try:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        except OSError as exc:
            raise OllamaServerError(f"cannot start Ollama with {' '.join(cmd)!r}: {exc.strerror} "
                                    "(set ollama.binary or ollama.container in the config)") from None
    deadline = time.monotonic() + opts.startup_timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise OllamaServerError(f"'{' '.join(cmd)}' exited with {proc.returncode}; see {log_path}")
        if is_reachable(host, timeout=1.0):
            return proc.pid, normalise_host(host)
        time.sleep(0.2)
    stop_server(proc.pid)
    raise OllamaServerError(f"Ollama at {host} did not answer within {opts.startup_timeout_s:g} s; see {log_path}")


def stop_server(pid: int, grace_s: float = 10.0) -> None:
    """Stop the server's process group: SIGTERM, then SIGKILL after grace_s."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGTERM)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline:
            with contextlib.suppress(ChildProcessError):
                if os.waitpid(pid, os.WNOHANG)[0]:
                    return
            if not _alive(pid):
                return
            time.sleep(0.1)
        os.killpg(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace").rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def state_dir() -> Path:
    """Per-job folder holding the lease; one per SLURM job (or per user outside SLURM)."""
    job = os.environ.get("SLURM_JOB_ID") or f"local-{os.getuid()}"
    return Path(os.environ.get("TMPDIR") or "/tmp") / f"codedebate-ollama-{job}"


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "lock", "w", encoding="utf-8") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield folder / "server.json"


def _read(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def acquire(opts: ServerOptions, folder: Path | None = None) -> tuple[str, bool]:
    """A usable server for one cell: (host, whether this lease counts on the shared server)."""
    for candidate in (opts.host, os.environ.get("OLLAMA_HOST", "")):
        if candidate and is_reachable(candidate):
            return normalise_host(candidate), False
    folder = folder or state_dir()
    with _locked(folder) as path:
        state = _read(path)
        if state and _alive(state["pid"]) and is_reachable(state["host"]):
            state["users"] += 1
        else:
            pid, host = start_server(opts, folder / "ollama-serve.log")
            state = {"pid": pid, "host": host, "users": 1}
        state["released_at"] = None
        path.write_text(json.dumps(state))
    return state["host"], True


def release(opts: ServerOptions, folder: Path | None = None) -> None:
    """Leave the shared server; the last cell out stops it now or after linger_s."""
    folder = folder or state_dir()
    with _locked(folder) as path:
        state = _read(path)
        if not state:
            return
        state["users"] = max(0, state["users"] - 1)
        state["released_at"] = time.time()
        path.write_text(json.dumps(state))
        if state["users"] or opts.linger_s > 0:
            if not state["users"]:
                _spawn_reaper(folder, opts.linger_s)
            return
        stop_server(state["pid"])
        path.unlink(missing_ok=True)


def _spawn_reaper(folder: Path, linger_s: float) -> None:
    subprocess.Popen(
        [sys.executable, "-m", "codedebate.backends.ollama_server", "reap", str(folder), str(linger_s)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )


def reap(folder: Path, linger_s: float) -> None:
    """Stop the shared server once no cell has used it for linger_s seconds."""
    while True:
        with _locked(folder) as path:
            state = _read(path)
            if not state or state["users"] or state["released_at"] is None:
                return
            wait = state["released_at"] + linger_s - time.time()
            if wait <= 0:
                stop_server(state["pid"])
                path.unlink(missing_ok=True)
                return
        time.sleep(min(wait, 5.0))


def run_with_ollama(cmd: list[str], models: list[str], opts: ServerOptions) -> int:
    """Run cmd with OLLAMA_HOST pointing at a reachable server that has every model pulled."""
    host, leased = acquire(opts)
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        env = dict(os.environ, OLLAMA_HOST=host)
        print(f"with-ollama: using Ollama at {host} for {', '.join(models)}", file=sys.stderr, flush=True)
        if opts.pull and models:
            rc = subprocess.call([sys.executable, "-m", "codedebate", "pull-models", *models], env=env, stdout=sys.stderr)
            if rc:
                print(f"with-ollama: pulling {', '.join(models)} from {host} failed (exit {rc})", file=sys.stderr)
                return rc
        return subprocess.call(cmd, env=env)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if leased:
            release(opts)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":  # the detached reaper: python -m codedebate.backends.ollama_server reap DIR S
    if len(sys.argv) == 4 and sys.argv[1] == "reap":
        reap(Path(sys.argv[2]), float(sys.argv[3]))
