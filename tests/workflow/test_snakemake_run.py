"""Real Snakemake runs of tiny grids with the scripted backend: failed cells, reruns, settings edits."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from codedebate.tasks import load_tasks

from pipeline_helpers import (
    EMPTY_SCRIPT, REPO_ROOT, executed_cells, references_script, run_snakemake, scripted_experiment,
    write_config, write_script,
)

pytestmark = pytest.mark.snakemake
LOCAL = ["--profile", str(REPO_ROOT / "profiles" / "local"), "--cores", "2"]


def summary_mtimes(workdir: Path) -> dict[str, int]:
    return {str(p.relative_to(workdir)): p.stat().st_mtime_ns for p in workdir.glob("results/runs/*/*/*/summary.parquet")}


def test_failed_cell_leaves_no_records_and_only_it_reruns(tmp_path: Path, task_dir: Path) -> None:
    good = write_script(tmp_path / "good.json", references_script(["digital_root", "run_lengths"]))
    flaky_path = tmp_path / "flaky.json"
    flaky = write_script(flaky_path, EMPTY_SCRIPT)
    config = write_config(tmp_path / "grid.yaml", {
        "task_sets": {"tiny": str(task_dir)},
        "experiments": {
            "good": scripted_experiment(good, ["digital_root", "run_lengths"]),
            "flaky": scripted_experiment(flaky, ["caesar_shift"]),
        },
    })
    first = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert first.returncode != 0, first.stderr[-3000:]
    assert sorted(executed_cells(first.stderr)) == [
        ("flaky", "caesar_shift", "0"), ("good", "digital_root", "0"), ("good", "run_lengths", "0"),
    ]
    flaky_dir = tmp_path / "results/runs/flaky/caesar_shift/0"
    assert not flaky_dir.exists() or not any(flaky_dir.iterdir()), "a failed cell must leave no records"
    assert "no reply left" in (tmp_path / "results/logs/cells/flaky/caesar_shift/0.log").read_text()
    assert (tmp_path / "results/merged/good/summary.parquet").is_file()  # keep-going merged the good experiment
    before = summary_mtimes(tmp_path)
    assert len(before) == 2

    write_script(flaky_path, references_script(["caesar_shift"]))  # "fix the backend"
    second = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert second.returncode == 0, second.stderr[-3000:]
    assert executed_cells(second.stderr) == [("flaky", "caesar_shift", "0")]
    after = summary_mtimes(tmp_path)
    assert {k: v for k, v in after.items() if "flaky" not in k} == before
    merged = pd.read_parquet(tmp_path / "results/merged/flaky/summary.parquet")
    assert merged["task_id"].tolist() == ["caesar_shift"] and merged["final_pass_rate"].tolist() == [1.0]
    assert merged["experiment"].tolist() == ["flaky"]


def test_changing_one_experiments_settings_reruns_only_its_cells(tmp_path: Path, task_dir: Path) -> None:
    model = write_script(tmp_path / "refs.json", references_script(["digital_root", "run_lengths"]))
    grid = {
        "task_sets": {"tiny": str(task_dir)},
        "experiments": {
            "a": {**scripted_experiment(model, ["digital_root"]), "seeds": [0, 1]},
            "b": scripted_experiment(model, ["run_lengths"]),
        },
    }
    config = write_config(tmp_path / "grid.yaml", grid)
    first = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert first.returncode == 0, first.stderr[-3000:]
    assert len(executed_cells(first.stderr)) == 3
    seeds = pd.read_parquet(tmp_path / "results/merged/a/summary.parquet")["seed"].tolist()
    assert sorted(seeds) == [0, 1]

    again = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert again.returncode == 0 and executed_cells(again.stderr) == []

    before = summary_mtimes(tmp_path)
    grid["experiments"]["b"]["settings"]["max_rounds"] = 3
    write_config(config, grid)
    third = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert third.returncode == 0, third.stderr[-3000:]
    assert executed_cells(third.stderr) == [("b", "run_lengths", "0")]
    after = summary_mtimes(tmp_path)
    assert {k: v for k, v in after.items() if "/b/" not in k} == {k: v for k, v in before.items() if "/b/" not in k}
    assert "max_rounds: 3" in (tmp_path / "results/settings/b.yaml").read_text()
    assert "max_rounds: 2" in (tmp_path / "results/settings/a.yaml").read_text()


def test_dry_run_of_the_shipped_grids(tmp_path: Path) -> None:
    """The default grid plans 2 cells, the thesis grid 1200, and the workflow lints clean."""
    for folder in ("tasks", "tasks2"):  # a clean working directory with the repo's task sets
        (tmp_path / folder).symlink_to(REPO_ROOT / folder)
    default = run_snakemake(tmp_path, "-n", "--quiet", "rules", "--configfile", str(REPO_ROOT / "config/config.yaml"))
    assert default.returncode == 0, default.stderr[-3000:]
    assert job_count(default.stdout + default.stderr, "cell") == 2
    thesis = run_snakemake(tmp_path, "-n", "--quiet", "rules", "--configfile", str(REPO_ROOT / "config/thesis.yaml"))
    assert thesis.returncode == 0, thesis.stderr[-3000:]
    counts = thesis.stdout + thesis.stderr
    assert job_count(counts, "experiment_settings") == 20 and job_count(counts, "merge_experiment") == 20
    n_tasks = {f: len(load_tasks(REPO_ROOT / f)) for f in ("tasks", "tasks2")}
    if n_tasks == {"tasks": 60, "tasks2": 60}:
        assert job_count(counts, "cell") == 1200
    lint = run_snakemake(REPO_ROOT, "--lint")
    assert lint.returncode == 0 and "Congratulations" in lint.stdout + lint.stderr, lint.stdout[-3000:]


def job_count(output: str, rule: str) -> int:
    """The count of one rule in snakemake's "Job stats" table."""
    for line in output.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == rule and parts[1].isdigit():
            return int(parts[1])
    raise AssertionError(f"no job count for rule {rule!r} in:\n{output[-2000:]}")
