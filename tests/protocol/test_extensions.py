"""A new protocol adds record columns without touching shared code, and merged records of
different protocols concatenate cleanly."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, register_protocol
from codedebate.protocol.extensions import RecordExtension
from codedebate.protocol.registry import get_protocol
from codedebate.protocol.runner import execute_run
from codedebate.protocol.solo import solo_protocol
from codedebate.records import read_table, schema_markdown
from codedebate.tasks import load_task
from protocol.helpers import ADD, make_executor, responder

TASK = load_task(Path(__file__).parent / "data" / "add_easy.json")

COUNTING = RecordExtension(
    owner="protocol counting_solo (tests)",
    summary=(("replies_seen", "Int64", "model replies the run received (test protocol)"),),
    per_round=(("code_lines", "Int64", "lines of the solution (test protocol)"),),
    summary_values=lambda state: {"replies_seen": len(state.calls)},
    per_round_values=lambda state, sol: {"code_lines": sol.code_text().count("\n")},
)


@register_protocol("counting_solo")
def counting_solo(settings: DebateSettings):
    """Solo, plus two columns of its own: a protocol added by a test, with no shared-code edit."""
    return replace(solo_protocol(settings), name="counting_solo", extensions=(COUNTING,))


@pytest.fixture(scope="module")
def executor():
    return make_executor()


def _run(executor, protocol: str, out: Path):
    s = DebateSettings().replace(agents=["m1"] * (1 if "solo" in protocol else 3), protocol=protocol)
    backends: dict[str, ScriptedBackend] = {}

    def backend_for(model):
        return backends.setdefault(model, ScriptedBackend(responder({1: ADD[3], 2: ADD[4], 3: ADD[2]}), name=model))

    _, records = asyncio.run(execute_run(TASK, s, backend_for=backend_for, executor=executor, experiment=protocol))
    records.write(out)
    return records


def test_protocol_columns_reach_the_records(executor, tmp_path):
    records = _run(executor, "counting_solo", tmp_path / "c")
    summary = read_table(tmp_path / "c" / "summary.parquet", "summary")
    assert summary["replies_seen"].tolist() == [1]
    assert summary["protocol"].tolist() == ["counting_solo"]
    per_round = read_table(tmp_path / "c" / "per_round.parquet", "per_round")
    assert per_round["code_lines"].tolist() == [ADD[3].count("\n")]
    assert str(records.summary["replies_seen"].dtype) in ("int64", "Int64")


def test_merged_records_of_two_protocols_concatenate(executor, tmp_path):
    _run(executor, "counting_solo", tmp_path / "c")
    _run(executor, "debate", tmp_path / "d")
    merged = read_table([tmp_path / "c" / "summary.parquet", tmp_path / "d" / "summary.parquet"], "summary")
    assert merged["protocol"].tolist() == ["counting_solo", "debate"]
    assert merged["replies_seen"].iloc[0] == 1 and merged["replies_seen"].isna().iloc[1]
    assert str(merged["replies_seen"].dtype) == "Int64"


def test_declared_columns_are_listed_by_owner():
    get_protocol(DebateSettings(protocol="counting_solo", agents=["m1"]))
    assert "| `replies_seen` | Int64 | protocol counting_solo (tests) |" in schema_markdown()
