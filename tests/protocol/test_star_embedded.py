"""star on the real embedded model: one question, one judge round, through the CLI.

Asserts the run completes with sound records and that no agent prompt holds the peer's real
reply, not that the 0.5B model answers correctly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from codedebate.cli import main
from codedebate.records import read_table

pytestmark = [pytest.mark.embedded, pytest.mark.timeout(900)]

MODEL = "embedded:qwen2.5-coder-0.5b"
ROOT = Path(__file__).resolve().parents[2]


def test_star_on_the_embedded_model(tmp_path: Path) -> None:
    settings = tmp_path / "run.yaml"
    settings.write_text("backend: {n_threads: 2, n_ctx: 4096}\n")
    out = tmp_path / "run"
    assert main(["run", "--task", str(ROOT / "tasks_mc" / "physics-01.json"), "--agents", MODEL, MODEL,
                 "--judge", MODEL, "--protocol", "star", "--option", "rounds=1", "--max-tokens", "96",
                 "--settings", str(settings), "--output", str(out)]) == 0
    summary = read_table(out / "summary.parquet", "summary").iloc[0]
    per_round = read_table(out / "per_round.parquet", "per_round")
    transcript = read_table(out / "transcript.parquet", "transcript")
    assert summary["status"] in {"consensus", "max_rounds"} and summary["topology_links"] == 4
    assert set(per_round["answer_key"]) <= {"A", "B", "C", "D", ""}
    assert summary["judge_completion_tokens"] == transcript.loc[transcript["role"] == "judge", "completion_tokens"].sum()
    replies = {(r.agent_id, r.round_num): r.reply for r in transcript.itertuples() if r.phase == "answer"}
    for row in transcript[transcript["phase"] == "revise"].itertuples():
        prompt = "\n".join(m["content"] for m in json.loads(row.prompt))
        own = replies[(row.agent_id, 1)].strip()
        peer = next(reply for (agent, rnd), reply in replies.items() if agent != row.agent_id).strip()
        assert own in prompt
        if peer not in own:  # identical short replies cannot tell the two apart
            assert peer not in prompt
