"""`codedebate experiments check|settings` and `codedebate merge-runs`."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from codedebate.cli import main
from codedebate.records import RunRecords

from pipeline_helpers import write_config


def grid(tmp_path: Path, task_dir: Path) -> Path:
    return write_config(tmp_path / "grid.yaml", {
        "task_sets": {"tiny": str(task_dir)},
        "experiments": {"e1": {"settings": {"agents": ["embedded:qwen2.5-coder-0.5b"]}, "task_sets": ["tiny"],
                               "seeds": [0, 1]}},
    })


def test_check_prints_cells_per_experiment(tmp_path: Path, task_dir: Path, capsys) -> None:
    assert main(["experiments", "check", str(grid(tmp_path, task_dir)), "--cells"]) == 0
    out = capsys.readouterr().out
    assert "1 experiments, 6 cells" in out
    assert "results/runs/e1/run_lengths/1" in out


def test_check_reports_the_file_and_key_of_an_error(tmp_path: Path, capsys) -> None:
    bad = write_config(tmp_path / "bad.yaml", {"experiments": {"e1": {"settings": {"agents": ["x"], "judg": "y"}}}})
    assert main(["experiments", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}: key 'experiments.e1.settings.judg': is not a known key" in err


def test_settings_writes_only_when_changed(tmp_path: Path, task_dir: Path, capsys) -> None:
    out = tmp_path / "s" / "e1.yaml"
    config = str(grid(tmp_path, task_dir))
    assert main(["experiments", "settings", config, "e1", "--output", str(out)]) == 0
    assert main(["experiments", "settings", config, "e1", "--output", str(out)]) == 0
    assert capsys.readouterr().out.split("\n")[:2] == [f"{out}: written", f"{out}: unchanged"]
    assert main(["experiments", "settings", config, "nope", "--output", str(out)]) == 1


def write_cell(folder: Path, task_id: str) -> Path:
    RunRecords(
        summary=pd.DataFrame({"debate_id": [task_id], "task_id": [task_id], "final_pass_rate": [1.0]}),
        per_round=pd.DataFrame({"debate_id": [task_id, task_id], "round_num": [1, 2]}),
        transcript=pd.DataFrame({"debate_id": [task_id], "call_index": [0]}),
    ).write(folder)
    return folder


def test_merge_runs_concatenates_cells(tmp_path: Path) -> None:
    cells = [str(write_cell(tmp_path / "runs" / t, t)) for t in ("a", "b")]
    assert main(["merge-runs", "--output", str(tmp_path / "merged"), *cells]) == 0
    summary = pd.read_parquet(tmp_path / "merged" / "summary.parquet")
    assert summary["task_id"].tolist() == ["a", "b"]
    assert len(pd.read_parquet(tmp_path / "merged" / "per_round.parquet")) == 4


def test_merge_runs_refuses_a_cell_without_records(tmp_path: Path, capsys) -> None:
    cell = write_cell(tmp_path / "runs" / "a", "a")
    (tmp_path / "runs" / "empty").mkdir()
    assert main(["merge-runs", "--output", str(tmp_path / "m"), str(cell), str(tmp_path / "runs" / "empty")]) == 1
    assert "1 cells have no records" in capsys.readouterr().err
    assert not (tmp_path / "m").exists()


def test_cell_and_merged_records_write_summary_last(tmp_path: Path, monkeypatch) -> None:
    """A summary file on disk means the other tables are complete (Snakemake and merges rely on it)."""
    import codedebate.records as records

    written: list[str] = []
    real = records.atomic_write_parquet

    def spy(df: pd.DataFrame, path: Path) -> Path:
        written.append(Path(path).parent.name + "/" + Path(path).name)
        return real(df, path)

    monkeypatch.setattr(records, "atomic_write_parquet", spy)
    cell = write_cell(tmp_path / "runs" / "a", "a")
    assert written == ["a/transcript.parquet", "a/per_round.parquet", "a/summary.parquet"]
    assert main(["merge-runs", "--output", str(tmp_path / "merged"), str(cell)]) == 0
    assert written[3:] == ["merged/transcript.parquet", "merged/per_round.parquet", "merged/summary.parquet"]
