"""The workflow builds a viewer site per experiment, replays an experiment from its transcripts,
and `snakemake --report` holds the tables and figures with their captions (real Snakemake runs)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
import yaml

pytestmark = [pytest.mark.snakemake, pytest.mark.timeout(900)]

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
TASK = "digital_root"


def snakemake(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [str(BIN / "snakemake"), "-s", str(REPO / "workflow" / "Snakefile"), "--directory", str(workdir),
           "--cores", "2", *args, "--configfile", str(workdir / "grid.yaml")]  # --configfile takes the rest
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=workdir, timeout=800)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A finished one-experiment grid (scripted proposers answering with the reference)."""
    root = tmp_path_factory.mktemp("wf")
    (root / "tiny" / "easy").mkdir(parents=True)
    shutil.copy(REPO / "tasks" / "easy" / f"{TASK}.json", root / "tiny" / "easy")
    code = (REPO / "references" / TASK / "solution.py").read_text()
    answer = f"```python\n{code}\n```"
    script = root / "script.json"
    script.write_text(json.dumps({"rules": [
        {"when": {"phase": "propose"}, "reply": answer}, {"when": {"phase": "revise"}, "reply": answer},
        {"when": {"phase": "critique"}, "reply": "No bugs found."},
        {"when": {"phase": "vote"}, "reply": "VOTE: agent_1\nCONFIDENCE: 0.9"}]}))
    model = f"scripted:{script}"
    grid = {"task_sets": {"tiny": str(root / "tiny")}, "response_cache": str(root / "cache"),
            "experiments": {"demo": {"settings": {"agents": [model] * 2, "max_rounds": 2},
                                     "task_sets": ["tiny"], "tasks": [TASK], "seeds": [0, 1]}}}
    (root / "grid.yaml").write_text(yaml.safe_dump(grid))
    done = snakemake(root)
    assert done.returncode == 0, done.stderr[-3000:]
    return root


def test_all_builds_the_viewer_site_of_every_experiment(workdir):
    site = workdir / "results" / "site" / "demo"
    assert (site / "index.html").is_file()
    summary = pd.read_parquet(workdir / "results" / "merged" / "demo" / "summary.parquet")
    assert sorted(p.stem for p in (site / "runs").glob("*.html")) == sorted(summary["debate_id"])


def test_response_cache_setting_reaches_every_cell(workdir):
    summary = pd.read_parquet(workdir / "results" / "merged" / "demo" / "summary.parquet")
    transcript = pd.read_parquet(workdir / "results" / "merged" / "demo" / "transcript.parquet")
    assert (summary["cache_hits"] + summary["cache_misses"]).sum() == len(transcript)
    assert len(list((workdir / "cache").rglob("*.json"))) == summary["cache_misses"].sum()


def test_replay_switch_reruns_an_experiment_without_its_model(workdir):
    (workdir / "script.json").unlink()  # no model any more: only the transcripts answer
    done = snakemake(workdir, "results/replay/demo/replayed.txt")
    assert done.returncode == 0, done.stderr[-3000:]
    listed = (workdir / "results" / "replay" / "demo" / "replayed.txt").read_text().split()
    assert len(listed) == 2
    for seed in (0, 1):
        old = pd.read_parquet(workdir / f"results/runs/demo/{TASK}/{seed}/per_round.parquet")
        new = pd.read_parquet(workdir / f"results/replay/demo/{TASK}/{seed}/per_round.parquet")
        pd.testing.assert_frame_equal(old.drop(columns="generation_time"), new.drop(columns="generation_time"))
        assert "records identical" in (workdir / f"results/logs/replay/demo/{TASK}/{seed}.log").read_text()


def test_report_holds_tables_and_figures_with_captions(workdir):
    done = snakemake(workdir, "--report", "report.zip")
    assert done.returncode == 0, done.stderr[-3000:]
    import zipfile

    with zipfile.ZipFile(workdir / "report.zip") as z:
        text = "\n".join(z.read(n).decode("utf-8", "replace") for n in z.namelist()
                         if n.endswith((".html", ".js", ".json")))
        names = z.namelist()
    assert any(n.endswith("config_means.csv") for n in names)
    assert any(n.endswith("configuration_bars.png") for n in names)
    summary = pd.read_parquet(workdir / "results" / "merged" / "demo" / "summary.parquet")
    for debate_id in summary["debate_id"]:  # the whole viewer site, browsable inside the report
        assert any(n.endswith(f"runs/{debate_id}.html") for n in names), debate_id
    for caption in ("config_means", "configuration_bars", "viewer_site"):
        first = (REPO / "workflow" / "report" / f"{caption}.rst").read_text().split(":")[0].split("{{")[0].strip()
        assert first[:40] in text, caption
