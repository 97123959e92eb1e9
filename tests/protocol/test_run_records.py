"""The record builders: transcript rows from recorded calls, and columns a protocol adds."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from codedebate.backends import ChatRequest, ChatResponse, Message
from codedebate.protocol.extensions import RecordExtension
from codedebate.protocol.run_records import transcript_row
from codedebate.protocol.state import Agent, CallRecord
from codedebate.records import TRANSCRIPT_COLUMNS, RecordError, conform, declare_columns, read_table


def _call(index: int, agent_id: str = "agent_1_m") -> CallRecord:
    agent = Agent(agent_id, 1, "m", "proposer", backend=None)  # type: ignore[arg-type]
    request = ChatRequest(messages=(Message("system", "be brief"), Message("user", "write f")),
                          temperature=0.4, seed=11, max_tokens=64)
    response = ChatResponse("def f():\n    return 1", "scripted", 4, 3, 0.5, "length")
    return CallRecord(index, agent, "propose", 1, request, response)


def test_transcript_row_has_every_column_and_the_call_values():
    row = transcript_row("run-1", _call(7))
    frame = conform(pd.DataFrame([row]), "transcript")
    assert list(frame.columns) == [c for c, _, _ in TRANSCRIPT_COLUMNS]
    got = frame.iloc[0]
    assert (got["debate_id"], got["call_index"], got["agent_id"], got["model"]) == ("run-1", 7, "agent_1_m", "m")
    assert (got["role"], got["phase"], got["round_num"], got["temperature"], got["seed"]) == ("proposer", "propose", 1, 0.4, 11)
    assert (got["prompt_tokens"], got["completion_tokens"], got["finish_reason"]) == (4, 3, "length")
    assert json.loads(got["prompt"]) == [{"role": "system", "content": "be brief"}, {"role": "user", "content": "write f"}]


def test_extension_values_must_be_declared():
    ext = RecordExtension("test_owner_a", summary=(("owner_a_score", "Float64", "a test column"),),
                          summary_values=lambda state: {"owner_a_score": 1.0, "sneaky": 2})
    with pytest.raises(RecordError, match="sneaky"):
        ext.fill_summary(None)  # type: ignore[arg-type]


def test_declared_column_cannot_shadow_a_common_one_or_change_dtype():
    with pytest.raises(RecordError, match="common column"):
        declare_columns("x", "summary", [("final_pass_rate", "Float64", "")])
    declare_columns("x", "summary", [("owner_x_flag", "boolean", "")])
    with pytest.raises(RecordError, match="already declared"):
        declare_columns("y", "summary", [("owner_x_flag", "Int64", "")])


def test_undeclared_columns_are_refused_on_write_and_kept_on_read(tmp_path):
    df = pd.DataFrame([{"debate_id": "a", "mystery": 3}])
    with pytest.raises(RecordError, match="mystery"):
        conform(df, "summary")
    df.to_parquet(tmp_path / "s.parquet")
    assert read_table(tmp_path / "s.parquet", "summary")["mystery"].tolist() == [3]
