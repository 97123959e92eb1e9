"""End to end on the real embedded model: a two-round debate on an easy task through the CLI.

Asserts that the run completes and its records are sound, not that the 0.5B model succeeds.
"""

from __future__ import annotations

import pytest

from codedebate.cli import main
from codedebate.records import read_table

from .helpers import DATA

pytestmark = [pytest.mark.embedded, pytest.mark.timeout(900)]

MODEL = "embedded:qwen2.5-coder-0.5b"


def test_debate_on_the_embedded_model_writes_records(tmp_path):
    settings = tmp_path / "run.yaml"
    settings.write_text("backend: {n_threads: 2, n_ctx: 4096}\n")
    out = tmp_path / "run"
    code = main(["run", "--task", str(DATA / "add_easy.json"), "--agents", MODEL, MODEL,
                 "--max-rounds", "2", "--max-tokens", "384", "--no-early-stop",
                 "--settings", str(settings), "--output", str(out)])
    assert code == 0
    summary = read_table(out / "summary.parquet", "summary").iloc[0]
    per_round = read_table(out / "per_round.parquet", "per_round")
    transcript = read_table(out / "transcript.parquet", "transcript")
    assert summary["total_rounds"] == 2 and summary["status"] in {"consensus", "max_rounds"}
    for col in ("final_pass_rate", "hidden_pass_rate", "best_initial_pass_rate", "pass_at_1"):
        assert 0.0 <= summary[col] <= 1.0, col
    assert per_round["pass_rate"].between(0.0, 1.0).all() and len(per_round) == 4
    assert set(transcript["phase"]) == {"propose", "critique", "revise", "vote"}
    assert (transcript["completion_tokens"] > 0).all() and (transcript["completion_tokens"] <= 384).all()
    assert summary["completion_tokens"] == transcript["completion_tokens"].sum()
    assert summary["agent_models"] == f"{MODEL},{MODEL}"
