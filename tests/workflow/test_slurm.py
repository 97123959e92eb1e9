"""The SLURM path for real: a tiny grid through --profile profiles/slurm on a local cluster.

.ci/slurm-setup.sh starts the single-node cluster (Debian slurm-wlm + munge, fake GPU gres).
Every run is bounded by `timeout`, because a status query that never succeeds would make
Snakemake wait for ever.
"""

from __future__ import annotations

import re
import shutil
import time
import subprocess
from pathlib import Path

import pytest

from pipeline_helpers import (
    EASY_TASKS, EMPTY_SCRIPT, REPO_ROOT, SNAKEFILE, VENV_BIN, executed_cells, references_script,
    scripted_experiment, snakemake_env, write_config, write_script,
)

pytestmark = pytest.mark.slurm
RUN_TIMEOUT_S = 300
SUBMITTED = re.compile(r"has been submitted with SLURM jobid (\d+)")
FAKE_OLLAMA = Path(__file__).with_name("fake_ollama.py")


@pytest.fixture(scope="module")
def slurm_cluster() -> None:
    if shutil.which("sinfo") is None:
        pytest.skip("SLURM is not installed (no sinfo); .ci/slurm-setup.sh starts a local cluster")
    state = subprocess.run(["sinfo", "-h", "-o", "%t"], capture_output=True, text=True, timeout=30)
    assert state.returncode == 0 and state.stdout.split(), (
        f"sinfo is installed but no cluster answers ({state.stderr.strip()}); run .ci/slurm-setup.sh"
    )
    assert any(s.startswith(("idle", "mix", "alloc")) for s in state.stdout.split()), state.stdout


def run_slurm(workdir: Path, config: Path, *extra: str, env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [
        "timeout", str(RUN_TIMEOUT_S), str(VENV_BIN / "snakemake"), "-s", str(SNAKEFILE),
        "--directory", str(workdir), "--profile", str(REPO_ROOT / "profiles" / "slurm"),
        "--configfile", str(config),
        "--slurm-no-account",  # the local cluster has no accounts
        "--slurm-init-seconds-before-status-checks", "2", "--latency-wait", "5", *extra,
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env or snakemake_env(), cwd=workdir,
                         timeout=RUN_TIMEOUT_S + 30)
    assert out.returncode != 124, f"snakemake did not finish within {RUN_TIMEOUT_S} s:\n{out.stderr[-4000:]}"
    return out


def test_grid_on_slurm_with_a_failing_cell_and_a_rerun(slurm_cluster: None, tmp_path: Path, task_dir: Path) -> None:
    good = write_script(tmp_path / "good.json", references_script(["digital_root", "run_lengths", "caesar_shift"]))
    flaky_path = tmp_path / "flaky.json"
    flaky = write_script(flaky_path, EMPTY_SCRIPT)
    config = write_config(tmp_path / "grid.yaml", {
        "task_sets": {"tiny": str(task_dir)},
        "experiments": {
            "good": {**scripted_experiment(good, ["digital_root", "run_lengths"]), "seeds": [0, 1]},
            "flaky": scripted_experiment(flaky, ["caesar_shift"]),
        },
        "resources": {"cpu_cell": {"threads": 1, "mem_mb": 500, "runtime": 10}},
    })
    first = run_slurm(tmp_path, config)
    assert first.returncode != 0, first.stderr[-4000:]
    assert len(SUBMITTED.findall(first.stderr)) >= 5, "every cell is its own SLURM job"
    good_records = sorted(tmp_path.glob("results/runs/good/*/*/summary.parquet"))
    assert len(good_records) == 4, first.stderr[-4000:]
    assert not list(tmp_path.glob("results/runs/flaky/*/*/*.parquet"))
    mtimes = {p: p.stat().st_mtime_ns for p in good_records}

    write_script(flaky_path, references_script(["caesar_shift"]))
    second = run_slurm(tmp_path, config)
    assert second.returncode == 0, second.stderr[-4000:]
    assert executed_cells(second.stderr) == [("flaky", "caesar_shift", "0")]
    assert {p: p.stat().st_mtime_ns for p in good_records} == mtimes
    assert (tmp_path / "results/merged/flaky/summary.parquet").is_file()
    assert (tmp_path / "results/merged/good/summary.parquet").is_file()


def test_gpu_cells_share_one_job_and_one_ollama_server(slurm_cluster: None, tmp_path: Path, task_dir: Path) -> None:
    """Three Ollama cells ask for gres gpu:1, run as one group job and share one server.

    The server is the fake `ollama serve` of the wrapper's unit tests (no real model can run
    here); what is under test is the job: gres scheduling, grouping, start/pull/stop.
    """
    from codedebate.backends import ollama_server as srv

    reply = tmp_path / "reply.txt"
    reply.write_text(references_script(list(EASY_TASKS))["rules"][0]["reply"])
    log = tmp_path / "fake.log"
    config = write_config(tmp_path / "grid.yaml", {
        "task_sets": {"tiny": str(task_dir)},
        "experiments": {"gpu": scripted_experiment("fake-coder:1b", list(EASY_TASKS))},
        "resources": {"gpu_cell": {"threads": 1, "mem_mb": 500, "runtime": 10}},
        "ollama": {"binary": str(FAKE_OLLAMA), "linger_s": 20, "startup_timeout_s": 60},
    })
    env = dict(snakemake_env(), TMPDIR=str(tmp_path), FAKE_OLLAMA_LOG=str(log), FAKE_OLLAMA_REPLY=str(reply))
    env.pop("OLLAMA_HOST", None)
    out = run_slurm(tmp_path, config, "--cores", "1", env=env)  # one core per group job: cells in turn
    assert out.returncode == 0, out.stderr[-4000:]
    assert len(SUBMITTED.findall(out.stderr)) == 1, "the three cells form one SLURM job"
    assert len(list(tmp_path.glob("results/runs/gpu/*/0/summary.parquet"))) == 3
    lines = log.read_text().splitlines()
    assert sum(line.startswith("serve ") for line in lines) == 1, lines
    assert lines.count("POST /api/pull fake-coder:1b") == 1
    host = next(line.split()[1] for line in lines if line.startswith("serve "))
    deadline = time.monotonic() + 60
    while srv.is_reachable(host) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not srv.is_reachable(host), "the job's Ollama server must be stopped after its last cell"
