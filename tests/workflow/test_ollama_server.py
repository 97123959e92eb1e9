"""The Ollama wrapper of GPU cells, against a fake `ollama serve` (a unit-test double)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from codedebate.backends import ollama_server as srv

FAKE = Path(__file__).with_name("fake_ollama.py")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A clean environment: no OLLAMA_HOST, no SLURM job, state under tmp_path, a request log."""
    for name in ("OLLAMA_HOST", "SLURM_JOB_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setenv("FAKE_OLLAMA_LOG", str(tmp_path / "fake.log"))
    monkeypatch.setenv("FAKE_OLLAMA_MODELS", "codellama:7b-instruct")
    return dict(os.environ)


def fake_log(tmp_path: Path) -> list[str]:
    path = tmp_path / "fake.log"
    return path.read_text().splitlines() if path.exists() else []


def with_ollama(*args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "codedebate", "with-ollama", "--binary", str(FAKE), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def wait_until(predicate, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


def test_starts_a_server_pulls_missing_models_and_stops_it(env: dict, tmp_path: Path) -> None:
    out = with_ollama("--model", "qwen2.5-coder:7b", "--model", "codellama:7b-instruct", "--linger", "0", "--",
                      sys.executable, "-c", "import os; print('HOST=' + os.environ['OLLAMA_HOST'])")
    assert out.returncode == 0, out.stderr
    host = out.stdout.strip().removeprefix("HOST=")
    assert host.startswith("http://127.0.0.1:") and host != "http://127.0.0.1:11434"
    log = fake_log(tmp_path)
    assert sum(line.startswith("serve ") for line in log) == 1
    assert "POST /api/pull qwen2.5-coder:7b" in log
    assert not any("pull codellama" in line for line in log)  # already present
    assert not srv.is_reachable(host), "the started server must be stopped after the command"


def test_the_commands_exit_status_is_returned(env: dict) -> None:
    out = with_ollama("--model", "m:1", "--linger", "0", "--", sys.executable, "-c", "raise SystemExit(5)")
    assert out.returncode == 5


def test_a_reachable_server_is_used_and_left_running(env: dict, tmp_path: Path) -> None:
    port = srv.free_port()
    server = subprocess.Popen([str(FAKE), "serve"], env=dict(env, OLLAMA_HOST=f"127.0.0.1:{port}"))
    try:
        assert wait_until(lambda: srv.is_reachable(f"127.0.0.1:{port}"))
        out = with_ollama("--host", f"127.0.0.1:{port}", "--model", "m:1", "--no-pull", "--",
                          sys.executable, "-c", "import os; print(os.environ['OLLAMA_HOST'])")
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == f"http://127.0.0.1:{port}"
        assert sum(line.startswith("serve ") for line in fake_log(tmp_path)) == 1  # ours only
        assert srv.is_reachable(f"127.0.0.1:{port}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_cells_of_one_job_share_one_server_until_it_lingers_out(env: dict, tmp_path: Path) -> None:
    opts = srv.ServerOptions(binary=str(FAKE), linger_s=1.0, startup_timeout_s=30)
    host1, leased1 = srv.acquire(opts)
    host2, leased2 = srv.acquire(opts)
    assert host1 == host2 and leased1 and leased2
    srv.release(opts)
    srv.release(opts)
    assert srv.is_reachable(host1), "the server lingers for the next cell"
    host3, _ = srv.acquire(opts)  # a next cell of the same job reuses it
    assert host3 == host1
    srv.release(opts)
    assert sum(line.startswith("serve ") for line in fake_log(tmp_path)) == 1
    assert wait_until(lambda: not srv.is_reachable(host1), timeout=30), "the reaper stops it after linger_s"
    assert wait_until(lambda: not (srv.state_dir() / "server.json").exists()), "the reaper clears the lease"


def test_a_missing_binary_is_a_clear_error(env: dict) -> None:
    out = subprocess.run([sys.executable, "-m", "codedebate", "with-ollama", "--binary", "/nonexistent/ollama",
                          "--model", "m:1", "--", "true"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "cannot start Ollama with '/nonexistent/ollama serve'" in out.stderr
    assert "ollama.binary" in out.stderr


def test_a_server_that_exits_at_once_is_a_clear_error(env: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_OLLAMA_FAIL", "1")
    out = with_ollama("--model", "m:1", "--", "true")
    assert out.returncode == 1 and "exited with 7" in out.stderr


def test_without_ollama_models_the_command_runs_as_is(env: dict, tmp_path: Path) -> None:
    settings = tmp_path / "s.yaml"
    settings.write_text("agents: ['embedded:qwen2.5-coder-0.5b']\n")
    out = with_ollama("--settings", str(settings), "--", sys.executable, "-c",
                      "import os; print(os.environ.get('OLLAMA_HOST', 'unset'))")
    assert out.returncode == 0 and out.stdout.strip() == "unset"
    assert fake_log(tmp_path) == []


def test_container_command_line() -> None:
    opts = srv.ServerOptions(container="docker://ollama/ollama:0.5", container_runtime="singularity")
    assert srv.serve_command(opts) == ["singularity", "exec", "--nv", "docker://ollama/ollama:0.5", "ollama", "serve"]


def test_a_cancelled_cell_still_stops_its_server(env: dict, tmp_path: Path) -> None:
    """SIGTERM (scancel, Snakemake stopping a job) releases the lease and stops the server."""
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "codedebate", "with-ollama", "--binary", str(FAKE), "--model", "m:1",
                             "--no-pull", "--linger", "0", "--", "sleep", "60"], stderr=subprocess.PIPE, text=True)
    assert wait_until(lambda: any(line.startswith("serve ") for line in fake_log(tmp_path)))
    host = "http://" + next(line.split()[1] for line in fake_log(tmp_path) if line.startswith("serve "))
    assert wait_until(lambda: srv.is_reachable(host))
    time.sleep(0.5)  # the wrapper is now waiting on its command
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 128 + signal.SIGTERM
    assert wait_until(lambda: not srv.is_reachable(host)), "the server must not outlive a cancelled cell"
