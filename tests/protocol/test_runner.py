"""The runner: records of a finished run fill the schema, ids are deterministic, versions recorded."""

from __future__ import annotations

import asyncio
import json
import math
import re
from pathlib import Path

import pandas as pd
import pytest

from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings
from codedebate.records import TABLES, conform, read_table
from codedebate.protocol.runner import code_version, execute_run, make_debate_id
from codedebate.tasks import load_task
from protocol.helpers import ADD, make_executor, responder

TASK = load_task(Path(__file__).parent / "data" / "add_easy.json")


@pytest.fixture(scope="module")
def executor():
    return make_executor()


def run(executor, answer, **settings):
    s = DebateSettings().replace(**{"agents": ["m1", "m2", "m3"], **settings})
    backends: dict[str, ScriptedBackend] = {}

    def backend_for(model):
        return backends.setdefault(model, ScriptedBackend(answer, name=model))

    return asyncio.run(execute_run(TASK, s, backend_for=backend_for, executor=executor,
                                   experiment="exp1", task_set="unit"))


def test_records_of_a_debate(executor, tmp_path):
    answer = responder({1: ADD[3], 2: ADD[2], 3: ADD[1]}, {(1, 2): ADD[1], (2, 2): ADD[4]})
    state, records = run(executor, answer, max_rounds=2, judge="j")
    summary = conform(records.summary, "summary").iloc[0]
    assert summary["task_id"] == "tiny_add" and summary["experiment"] == "exp1" and summary["task_set"] == "unit"
    assert summary["mode"] == "debate" and summary["protocol"] == "debate"
    assert summary["agent_models"] == "m1,m2,m3" and summary["judge_model"] == "j" and summary["num_agents"] == 3
    assert summary["final_pass_rate"] == 1.0 and summary["tests_passed"] == 4 and summary["tests_total"] == 4
    assert summary["hidden_pass_rate"] == 1.0 and summary["hidden_tests_total"] == 3
    assert summary["best_initial_pass_rate"] == 0.75 and summary["avg_initial_pass_rate"] == pytest.approx(0.5)
    assert summary["best_initial_hidden_pass_rate"] == 1.0  # ADD[3] passes the hidden tests
    assert summary["pass_at_1"] == 0.0 and summary["pass_at_k"] == 0.0
    assert summary["improvement_over_best_initial"] == pytest.approx(0.25)
    assert summary["best_round"] == 2 and summary["peak_after_debate"] and summary["winning_agent"] == "agent_2_m2"
    assert summary["status"] == "max_rounds" and summary["total_rounds"] == 2 and not summary["consensus_reached"]
    assert summary["total_critiques"] == 3 * 2 + 3  # each proposer on two others, the judge on all three
    assert summary["all_solutions_count"] == 6 and summary["passing_solutions_count"] == 1
    calls = len(state.calls)
    assert len(records.transcript) == calls == 3 + 4 + 3 + 4
    assert summary["total_tokens"] == summary["prompt_tokens"] + summary["completion_tokens"] > 0
    assert summary["config_hash"] == state.settings.config_hash()
    assert summary["debate_id"] == make_debate_id("exp1", "tiny_add", 0, summary["config_hash"])
    assert summary["code_version"] == code_version()
    assert DebateSettings.from_mapping(json.loads(summary["settings"])) == state.settings
    assert set(json.loads(summary["backend_info"])) == {"m1", "m2", "m3", "j"}
    assert summary["total_execution_time"] > 0 and summary["duration_seconds"] > 0
    assert not math.isnan(summary["final_pylint"]) and not math.isnan(summary["initial_avg_complexity"])

    per_round = conform(records.per_round, "per_round")
    assert len(per_round) == 6 and set(per_round["round_num"]) == {1, 2}
    reuse = per_round[per_round["is_historical_best_reuse"]]
    assert list(reuse["agent_id"]) == ["agent_1_m1"] and list(reuse["revert_reason"]) == ["lost_tests"]
    assert list(reuse["rejected_pass_rate"]) == [0.25] and list(reuse["pass_rate"]) == [0.75]
    assert per_round["hidden_pass_rate"].notna().sum() == 5  # every written solution (not the restored copy)
    assert summary["oracle_hidden"]  # ADD[3] and ADD[4] pass the hidden tests
    by_phase, by_agent = json.loads(summary["tokens_by_phase"]), json.loads(summary["tokens_by_agent"])
    assert set(by_phase) == {"propose", "critique", "revise", "vote"} and len(by_agent) == 4
    for table in (by_phase, by_agent):
        assert sum(v["prompt"] for v in table.values()) == summary["prompt_tokens"]
        assert sum(v["completion"] for v in table.values()) == summary["completion_tokens"]
        assert sum(v["calls"] for v in table.values()) == calls
    assert 0 < summary["model_seconds"] <= summary["duration_seconds"]
    assert set(per_round["status"]) <= {"passed", "partial", "failed", "syntax_error"}

    transcript = conform(records.transcript, "transcript")
    assert list(transcript["call_index"]) == list(range(calls))
    assert set(transcript["phase"]) == {"propose", "critique", "revise", "vote"}
    assert set(transcript[transcript["role"] == "judge"]["phase"]) == {"critique", "vote"}

    paths = records.write(tmp_path)
    for table in TABLES:
        assert list(read_table(paths[table], table).columns) == [c for c, _, _ in TABLES[table]]
    assert pd.read_parquet(paths["summary"]).shape[0] == 1


def test_records_of_a_solo_run(executor):
    state, records = run(executor, responder({1: ADD[2]}), protocol="solo", agents=["m1"])
    s = records.summary.iloc[0]
    assert s["mode"] == "solo" and s["status"] == "solo" and s["total_rounds"] == 1
    assert s["final_pass_rate"] == 0.5 and s["pass_at_1"] == 0.0 and s["num_agents"] == 1
    assert s["hidden_pass_rate"] == pytest.approx(2 / 3)  # abs() fails only test_secret_minus_one
    assert len(records.per_round) == 1 and len(records.transcript) == 1


def test_debate_id_is_deterministic():
    a = make_debate_id("e", "t", 1, "abc")
    assert a == make_debate_id("e", "t", 1, "abc") and len(a) == 16
    assert len({a, make_debate_id("e", "t", 2, "abc"), make_debate_id("e", "u", 1, "abc"),
                make_debate_id("f", "t", 1, "abc"), make_debate_id("e", "t", 1, "abd")}) == 5


def test_code_version_has_package_version_and_commit():
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*\+([0-9a-f]{4,}|unknown)", code_version())


def test_records_doc_is_current():
    """docs/records.md holds the common columns and every column the built-in protocols and task
    kinds declare (rendered in a fresh process, so columns of test-only protocols stay out)."""
    import subprocess
    import sys

    code = ("from codedebate.protocol.registry import protocol_names; protocol_names(); "
            "from codedebate.tasks import kind_names; kind_names(); "
            "from codedebate.records import schema_markdown; print(schema_markdown(), end='')")
    current = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    doc = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
    assert current in doc, "regenerate the tables of docs/records.md from records.schema_markdown()"
