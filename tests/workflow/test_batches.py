"""Batch cells in the grid: expansion, config checks, and real Snakemake runs (a failed batch
leaves no records; a rerun reruns only it; merged records of batch experiments)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from codedebate.pipeline import batches as xb
from codedebate.pipeline import experiments as xp
from codedebate.stability import StabilitySettings

from pipeline_helpers import REPO_ROOT, run_snakemake, started_jobs, write_config

LOCAL = ["--profile", str(REPO_ROOT / "profiles" / "local"), "--cores", "2"]


def pair_set(tmp_path: Path, count: int = 4) -> Path:
    folder = tmp_path / "pairs"
    folder.mkdir()
    for i in range(count):
        (folder / f"q{i}.json").write_text(json.dumps({
            "kind": "pairwise_judge", "id": f"q{i}", "instruction": f"Question {i}.",
            "output_1": "a", "output_2": "b", "label": 1 + i % 2}))
    return folder


def judges_script(path: Path, fail: bool = False) -> str:
    replies = {1: "Output (1)", 2: "Output (2)", 3: {"error": "server down"} if fail else "Output (2)"}
    path.write_text(json.dumps({"rules": [{"when": {"agent": f"agent_{k}"}, "reply": r} for k, r in replies.items()]}))
    return f"scripted:{path}"


def judge_experiment(model: str, size: int, stability: dict | None) -> dict:
    return {"settings": {"agents": [model], "protocol": "judge_debate", "max_rounds": 4,
                         "protocol_options": {"judges": 3}},
            "task_sets": ["pairs"], "batch": {"size": size, **({} if stability is None else {"stability": stability})}}


def test_tasks_are_cut_into_batches_per_seed(tmp_path):
    pairs = pair_set(tmp_path, 5)
    cfg = xp.load_config({"task_sets": {"pairs": str(pairs)}, "experiments": {
        "b": {**judge_experiment("scripted:x.json", 2, {"distance": "empirical"}), "seeds": [0, 1]},
        "single": {"settings": {"agents": ["scripted:x.json"], "protocol": "judge_debate"}, "task_sets": ["pairs"]},
    }})
    batches = xb.expand_batches(cfg)
    assert [(b.batch, b.seed, b.task_ids) for b in batches] == [
        ("b0", 0, ("q0", "q1")), ("b0", 1, ("q0", "q1")), ("b1", 0, ("q2", "q3")), ("b1", 1, ("q2", "q3")),
        ("b2", 0, ("q4",)), ("b2", 1, ("q4",))]
    assert batches[0].outdir == "results/batches/b/b0/0"
    assert batches[0].task_dirs() == ["results/batches/b/b0/0/q0", "results/batches/b/b0/0/q1"]
    assert {c.experiment for c in xp.expand_cells(cfg)} == {"single"}  # batch experiments have no single cells
    exp = cfg.experiments["b"]
    assert exp.batch.stability == StabilitySettings(distance="empirical")
    args = xb.batch_rule_args(exp)
    assert "--stability-option distance=empirical" in args and "--stability-option patience=2" in args
    assert xb.batch_rule_args(cfg.experiments["single"]) == ""


def test_size_zero_is_one_batch_and_no_rule_means_fixed_rounds(tmp_path):
    cfg = xp.load_config({"task_sets": {"pairs": str(pair_set(tmp_path, 3))},
                          "experiments": {"b": judge_experiment("scripted:x.json", 0, None)}})
    (only,) = xb.expand_batches(cfg)
    assert only.task_ids == ("q0", "q1", "q2")
    assert xb.batch_rule_args(cfg.experiments["b"]) == ""


@pytest.mark.parametrize("stability, key", [({"patience": 0}, "batch.stability.patience"),
                                            ({"thresold": 0.1}, "batch.stability.thresold")])
def test_bad_stability_settings_name_the_key(tmp_path, stability, key):
    with pytest.raises(xp.ConfigError) as info:
        xp.load_config({"task_sets": {"pairs": str(tmp_path)},
                        "experiments": {"b": judge_experiment("scripted:x.json", 2, stability)}})
    assert key in str(info.value)


def started_batches(output: str) -> list[tuple[str, ...]]:
    """(experiment, batch, seed) of every `rule batch_cell` job snakemake started."""
    return started_jobs(output, "batch_cell", ("experiment", "batch", "seed"))


@pytest.mark.snakemake
def test_a_failed_batch_leaves_no_records_and_only_it_reruns(tmp_path):
    pairs = pair_set(tmp_path)
    good = judges_script(tmp_path / "good.json")
    flaky_path = tmp_path / "flaky.json"
    flaky = judges_script(flaky_path, fail=True)
    rule = {"distance": "empirical", "restarts": 1}
    config = write_config(tmp_path / "grid.yaml", {
        "task_sets": {"pairs": str(pairs)},
        "experiments": {"good": judge_experiment(good, 2, rule), "flaky": judge_experiment(flaky, 4, None)},
    })
    first = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert first.returncode != 0, first.stderr[-3000:]
    assert sorted(started_batches(first.stderr)) == [("flaky", "b0", "0"), ("good", "b0", "0"), ("good", "b1", "0")]
    assert not (tmp_path / "results/batches/flaky/b0/0").exists(), "a failed batch must leave no records"
    assert "no records written" in (tmp_path / "results/logs/batches/flaky/b0/0.log").read_text()
    marker = json.loads((tmp_path / "results/batches/good/b0/0/batch.json").read_text())
    assert marker["tasks"] == ["q0", "q1"] and marker["stop_round"] == 3  # verdicts never move: stop after 3
    merged = pd.read_parquet(tmp_path / "results/merged/good/summary.parquet")
    assert sorted(merged["task_id"]) == ["q0", "q1", "q2", "q3"]
    assert set(merged["status"]) == {"stability"} and set(merged["task_set"]) == {"pairs"}
    before = {p: p.stat().st_mtime_ns for p in (tmp_path / "results/batches/good").rglob("summary.parquet")}

    judges_script(flaky_path)  # "fix the backend"
    second = run_snakemake(tmp_path, *LOCAL, "--configfile", str(config))
    assert second.returncode == 0, second.stderr[-3000:]
    assert started_batches(second.stderr) == [("flaky", "b0", "0")]
    assert {p: p.stat().st_mtime_ns for p in before} == before
    flaky_merged = pd.read_parquet(tmp_path / "results/merged/flaky/summary.parquet")
    assert sorted(flaky_merged["task_id"]) == ["q0", "q1", "q2", "q3"]
    assert set(flaky_merged["total_rounds"]) == {4}  # no rule: fixed rounds (max_rounds)
