"""``codedebate run``: records on disk, option precedence, task-set default, failure handling."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from codedebate.backends import clear_backend_cache
from codedebate.cli import main
from codedebate.cli.run_command import default_task_set
from codedebate.records import TABLES, read_table

DATA = Path(__file__).parents[1] / "protocol" / "data"
TASK = DATA / "add_easy.json"
PARTIAL = "```python\ndef add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n```"


def script(tmp_path: Path, critique: object = "### Agent 1\nBUGS: none") -> str:
    rules = [
        {"when": {"phase": "propose"}, "reply": PARTIAL},
        {"when": {"phase": "critique"}, "reply": critique},
        {"when": {"phase": "revise"}, "reply": PARTIAL},
        {"when": {"phase": "vote"}, "reply": "VOTE: ABSTAIN\nCONFIDENCE: 0.5"},
    ]
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"rules": rules}))
    return f"scripted:{path}"


@pytest.fixture(autouse=True)
def fresh_backends():
    clear_backend_cache()
    yield
    clear_backend_cache()


def run(tmp_path, *extra: str, model: str | None = None, task: Path = TASK) -> tuple[int, Path]:
    model = model or script(tmp_path)
    out = tmp_path / "out"
    code = main(["run", "--task", str(task), "--agents", model, model, model, "--output", str(out), *extra])
    return code, out


def test_run_writes_three_parquet_files_that_fit_the_schema(tmp_path, capsys):
    code, out = run(tmp_path, "--max-rounds", "2", "--experiment", "cli", "--seed", "5")
    assert code == 0
    for table, spec in TABLES.items():
        raw = pd.read_parquet(out / f"{table}.parquet")
        assert list(raw.columns) == [c for c, _, _ in spec]
        read_table(out / f"{table}.parquet", table)
    summary = read_table(out / "summary.parquet", "summary").iloc[0]
    assert summary["experiment"] == "cli" and summary["seed"] == 5 and summary["total_rounds"] == 2
    assert summary["task_set"] == "data" and summary["status"] == "max_rounds"
    assert summary["final_pass_rate"] == 0.75 and summary["hidden_pass_rate"] == 1.0  # PARTIAL fails one of 4
    captured = capsys.readouterr()
    assert f"records written to {out}" in captured.out
    assert "round 2: critique" in captured.err  # plain progress lines when stdout is no terminal
    assert not list(out.glob(".*.tmp"))


def test_options_override_the_settings_file(tmp_path):
    settings = tmp_path / "exp.yaml"
    settings.write_text("max_rounds: 3\nadaptive_temperature: true\nrevision_strategy: diverse\n")
    code, out = run(tmp_path, "--settings", str(settings), "--max-rounds", "2", "--no-adaptive-temperature")
    assert code == 0
    per_round = read_table(out / "per_round.parquet", "per_round")
    assert per_round["round_num"].max() == 2
    assert set(per_round[per_round["round_num"] == 2]["temperature"]) == {0.4}
    assert set(per_round["role"]) == {"proposer:correctness", "proposer:edge_cases", "proposer:simplicity"}


def test_bad_settings_file_names_file_and_key(tmp_path, capsys):
    settings = tmp_path / "bad.yaml"
    settings.write_text("max_rouns: 2\n")
    code, out = run(tmp_path, "--settings", str(settings))
    assert code == 2 and not out.exists()
    assert "bad.yaml: key 'max_rouns'" in capsys.readouterr().err


def test_unknown_backend_option_names_file_and_key(tmp_path, capsys):
    settings = tmp_path / "exp.yaml"
    settings.write_text("backend: {n_thread: 2}\n")
    code, out = run(tmp_path, "--settings", str(settings))
    assert code == 2 and not out.exists()
    assert "exp.yaml: key 'backend.n_thread': is not an option of any backend" in capsys.readouterr().err


def test_backend_failure_exits_3_and_writes_nothing(tmp_path, capsys):
    model = script(tmp_path, critique={"error": "server at 127.0.0.1:9 refused the connection"})
    code, out = run(tmp_path, "--max-rounds", "2", model=model)
    assert code == 3
    err = capsys.readouterr().err
    assert "127.0.0.1:9" in err and f"model '{model}' failed" in err and "no records written" in err
    assert not out.exists() or not any(out.iterdir())


def test_solo_flag_runs_one_attempt(tmp_path):
    model = script(tmp_path)
    out = tmp_path / "solo"
    assert main(["run", "--task", str(TASK), "--agents", model, "--solo", "--output", str(out)]) == 0
    summary = read_table(out / "summary.parquet", "summary").iloc[0]
    assert summary["mode"] == "solo" and summary["total_rounds"] == 1
    assert len(read_table(out / "transcript.parquet", "transcript")) == 1


def test_task_set_defaults_to_the_nearest_non_difficulty_folder(tmp_path):
    task = tmp_path / "mybench" / "easy" / "add.json"
    task.parent.mkdir(parents=True)
    shutil.copy(TASK, task)
    assert default_task_set(task) == "mybench"
    assert default_task_set(DATA / "add_easy.json") == "data"
    code, out = run(tmp_path, "--max-rounds", "1", task=task)
    assert code == 0 and read_table(out / "summary.parquet", "summary").iloc[0]["task_set"] == "mybench"
    code, out = run(tmp_path, "--max-rounds", "1", "--task-set", "other", task=task)
    assert read_table(out / "summary.parquet", "summary").iloc[0]["task_set"] == "other"


def test_missing_task_file_is_a_clear_error(tmp_path, capsys):
    code, _ = run(tmp_path, task=tmp_path / "nope.json")
    assert code == 2 and "nope.json" in capsys.readouterr().err


def test_protocol_options_from_the_command_line(tmp_path, capsys):
    from codedebate.cli.run_command import parse_option_pairs

    assert parse_option_pairs(["n_samples=4", "temperature=0.5", "name=x", "flag=true"]) == {
        "n_samples": 4, "temperature": 0.5, "name": "x", "flag": True}
    code, _ = run(tmp_path, "--option", "nonsense")
    assert code == 2 and "--option" in capsys.readouterr().err


def test_a_second_writer_into_the_same_output_is_refused(tmp_path, capsys):
    from codedebate.records import writer_lock

    out = tmp_path / "out"
    with writer_lock(out):  # another run holds the folder
        code, _ = run(tmp_path)
    assert code == 2 and "another run is writing records" in capsys.readouterr().err
    assert not out.exists() or not any(out.iterdir())
