"""Replay identity on the real embedded model: a short recorded debate reruns from its transcript
with identical records, and a second run through the response cache asks the model nothing."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from codedebate.cli import main
from codedebate.cli.replay_command import VOLATILE_COLUMNS, read_run

pytestmark = [pytest.mark.embedded, pytest.mark.timeout(900)]

MODEL = "embedded:qwen2.5-coder-0.5b"
TASK = "tests/protocol/data/add_easy.json"


def test_recorded_embedded_debate_replays_identically_and_caches(tmp_path, capsys):
    settings = tmp_path / "run.yaml"
    settings.write_text("backend: {n_threads: 2, n_ctx: 4096}\n")
    common = ["--task", TASK, "--agents", MODEL, MODEL, "--max-rounds", "2", "--max-tokens", "64",
              "--no-early-stop", "--settings", str(settings), "--cache", str(tmp_path / "cache")]
    assert main(["run", *common, "--output", str(tmp_path / "run")]) == 0
    recorded = read_run(tmp_path / "run")
    info = json.loads(recorded.summary.at[0, "backend_info"])[MODEL]
    assert info["sha256"]  # the weight digest that is part of every cache key
    calls = len(recorded.transcript)
    assert calls == 8 and recorded.summary.at[0, "cache_misses"] == calls

    capsys.readouterr()
    assert main(["replay", str(tmp_path / "run"), "--task", TASK, "--output", str(tmp_path / "replay")]) == 0
    assert "records identical" in capsys.readouterr().out
    replayed = read_run(tmp_path / "replay")
    for table, skip in VOLATILE_COLUMNS.items():
        pd.testing.assert_frame_equal(getattr(recorded, table).drop(columns=list(skip)),
                                      getattr(replayed, table).drop(columns=list(skip)))

    assert main(["run", *common, "--output", str(tmp_path / "cached")]) == 0
    cached = read_run(tmp_path / "cached")
    assert (cached.summary.at[0, "cache_hits"], cached.summary.at[0, "cache_misses"]) == (calls, 0)
    assert list(cached.transcript["reply"]) == list(recorded.transcript["reply"])
