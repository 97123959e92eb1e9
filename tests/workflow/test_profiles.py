"""`snakemake --profile slurm`, `--profile local` and plain `snakemake`, typed from the project root.

Snakemake looks for a profile name in the working directory first (the links ./local and
./slurm point into profiles/), and reads workflow/profiles/default on every run, its keys
winning over the named profile's.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from pipeline_helpers import REPO_ROOT, VENV_BIN, snakemake_env

pytestmark = pytest.mark.snakemake
WORKFLOW_PROFILE = REPO_ROOT / "workflow" / "profiles" / "default" / "config.yaml"


def snakemake(*args: str, cwd: Path = REPO_ROOT) -> subprocess.CompletedProcess:
    """`snakemake ARGS` as a user types it in cwd (no -s, no --directory)."""
    return subprocess.run([str(VENV_BIN / "snakemake"), *args], cwd=cwd, env=snakemake_env(),
                          capture_output=True, text=True, timeout=300)


def profile(path: Path) -> dict:
    return yaml.safe_load(path.read_text())


def test_profile_names_are_links_into_profiles() -> None:
    for name in ("local", "slurm"):
        link = REPO_ROOT / name
        assert link.is_symlink() and link.resolve() == (REPO_ROOT / "profiles" / name).resolve()


def test_slurm_profile_by_name_dry_run() -> None:
    out = snakemake("--profile", "slurm", "-n")
    assert out.returncode == 0, out.stderr[-3000:]
    assert "Using profiles slurm and workflow specific profile workflow/profiles/default" in out.stderr
    # the project's SLURM profile is what was read: cells carry its per-job slot and form groups
    assert "cell_slot=1" in out.stdout and "Group job cpu_cells" in out.stdout


def test_local_profile_by_name_and_plain_snakemake_dry_run() -> None:
    local = snakemake("--profile", "local", "-n")
    assert local.returncode == 0, local.stderr[-3000:]
    assert "Using profiles local and workflow specific profile workflow/profiles/default" in local.stderr
    assert "cell_slot" not in local.stdout
    plain = snakemake("-n")
    assert plain.returncode == 0, plain.stderr[-3000:]
    assert "Using workflow specific profile workflow/profiles/default" in plain.stderr


def test_plain_snakemake_gets_its_cores_from_the_workflow_profile(tmp_path: Path) -> None:
    """Without --cores Snakemake refuses to run locally; the workflow profile supplies them."""
    for name in ("workflow", "config", "tasks", "envs"):
        (tmp_path / name).symlink_to(REPO_ROOT / name)
    config = profile(REPO_ROOT / "config" / "config.yaml")
    target = f"results/settings/{next(iter(config['experiments']))}.yaml"
    out = snakemake(target, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    assert (tmp_path / target).is_file()
    assert "Provided cores:" in out.stderr


@pytest.mark.parametrize("name", ["local", "slurm"])
def test_workflow_profile_never_overrides_a_named_profile(name: str) -> None:
    """workflow/profiles/default wins key by key, so it may only repeat what a profile says."""
    default = profile(WORKFLOW_PROFILE)
    named = profile(REPO_ROOT / "profiles" / name / "config.yaml")
    for key in set(default) & set(named):
        assert default[key] == named[key], f"workflow profile overrides {name}'s {key}"
    assert "cores" not in profile(REPO_ROOT / "profiles" / "slurm" / "config.yaml")
