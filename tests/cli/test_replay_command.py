"""``codedebate replay``: a recorded run reruns from its transcript with identical records, and a
changed prompt stops with the call and the first differing line."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from codedebate.backends import clear_backend_cache
from codedebate.cli import main
from codedebate.cli.replay_command import VOLATILE_COLUMNS, differences, read_run
from codedebate.records import atomic_write_parquet

DATA = Path(__file__).parents[1] / "protocol" / "data"
TASK = DATA / "add_easy.json"
PARTIAL = "```python\ndef add(a, b):\n    return a + b if (a >= 0 or b >= 0) else 0\n```"


@pytest.fixture(autouse=True)
def fresh_backends():
    clear_backend_cache()
    yield
    clear_backend_cache()


def record_debate(tmp_path: Path) -> Path:
    """A two-round scripted debate with critiques and votes, recorded to tmp_path/run."""
    rules = [
        {"when": {"phase": "propose"}, "reply": PARTIAL},
        {"when": {"phase": "critique"}, "reply": "### Agent 1\nBUGS:\n- negative numbers return 0"},
        {"when": {"phase": "revise"}, "reply": "```python\ndef add(a, b):\n    return a + b\n```"},
        {"when": {"phase": "vote"}, "reply": "VOTE: Agent 1\nCONFIDENCE: 0.8"},
    ]
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"rules": rules}))
    model, out = f"scripted:{script}", tmp_path / "run"
    code = main(["run", "--task", str(TASK), "--agents", model, model, "--max-rounds", "2",
                 "--seed", "4", "--experiment", "replaytest", "--output", str(out)])
    assert code == 0
    script.unlink()  # the replay must not need the model
    clear_backend_cache()
    return out


def test_replay_of_a_debate_writes_identical_records(tmp_path, capsys):
    run = record_debate(tmp_path)
    code = main(["replay", str(run), "--task", str(TASK), "--output", str(tmp_path / "again")])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "records identical" in out.out
    old, new = read_run(run), read_run(tmp_path / "again")
    assert len(new.transcript) == len(old.transcript) > 4
    for table, skip in VOLATILE_COLUMNS.items():
        a = getattr(old, table).drop(columns=list(skip))
        b = getattr(new, table).drop(columns=list(skip))
        pd.testing.assert_frame_equal(a, b)


def test_replay_finds_the_task_under_tasks_dir(tmp_path, capsys):
    run = record_debate(tmp_path)
    code = main(["replay", str(run), "--tasks-dir", str(DATA), "--output", str(tmp_path / "again")])
    assert code == 0, capsys.readouterr().err


def test_replay_names_a_missing_task(tmp_path, capsys):
    run = record_debate(tmp_path)
    code = main(["replay", str(run), "--tasks-dir", str(tmp_path), "--output", str(tmp_path / "again")])
    assert code == 2
    assert "no task with id 'tiny_add'" in capsys.readouterr().err


def test_a_changed_prompt_stops_with_the_call_and_the_first_differing_line(tmp_path, capsys):
    run = record_debate(tmp_path)
    transcript = pd.read_parquet(run / "transcript.parquet")
    i = transcript.index[(transcript["phase"] == "critique")][0]
    messages = json.loads(transcript.at[i, "prompt"])
    lines = messages[-1]["content"].split("\n")
    lines[1] = "a line the code no longer writes"
    messages[-1]["content"] = "\n".join(lines)
    transcript.at[i, "prompt"] = json.dumps(messages)
    atomic_write_parquet(transcript, run / "transcript.parquet")
    code = main(["replay", str(run), "--task", str(TASK), "--output", str(tmp_path / "again")])
    err = capsys.readouterr().err
    assert code == 3
    row = transcript.loc[i]
    assert f"call {row['call_index']} ({row['agent_id']}, critique, round {row['round_num']})" in err
    assert f"message {len(messages)} (user) line 2" in err
    assert "a line the code no longer writes" in err
    assert not (tmp_path / "again" / "summary.parquet").exists()


def test_other_settings_make_a_call_the_transcript_lacks(tmp_path, capsys):
    run = record_debate(tmp_path)
    summary = pd.read_parquet(run / "summary.parquet")
    settings = json.loads(summary.at[0, "settings"])
    settings["max_rounds"] = 3
    summary.at[0, "settings"] = json.dumps(settings)
    atomic_write_parquet(summary, run / "summary.parquet")
    code = main(["replay", str(run), "--task", str(TASK), "--output", str(tmp_path / "again")])
    err = capsys.readouterr().err
    assert code == 3 and "round 3" in err and "transcript has 0 such call(s)" in err


def test_differences_names_table_column_and_row(tmp_path):
    run = record_debate(tmp_path)
    old = read_run(run)
    new = read_run(run)
    assert differences(old, new) == []
    new.per_round.loc[1, "pass_rate"] = 0.0
    new.summary.loc[0, "duration_seconds"] = 99.0  # timing: ignored
    assert differences(old, new) == [f"per_round.pass_rate row 1: recorded {float(old.per_round.loc[1, 'pass_rate'])!r}, now 0.0"]
