"""The judge debate with scripted judges: independent round 1, history in later rounds,
temperature 1.0, stop when all agree, majority final, SoM and single-judge baselines."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from codedebate.backends.base import ChatRequest
from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, RunContext, SettingsError, get_protocol, run_protocol
from codedebate.protocol.runner import execute_run
from codedebate.protocol.judge_debate import majority
from codedebate.tasks import load_task


@pytest.fixture()
def pair(tmp_path):
    path = tmp_path / "pair.json"
    path.write_text(json.dumps({"kind": "pairwise_judge", "id": "p1", "instruction": "Add two numbers.",
                                "output_1": "return a - b", "output_2": "return a + b", "label": 2}))
    return load_task(path)


def judge_number(request: ChatRequest) -> int:
    return int(request.meta["agent"].split("_")[1])


def scripted(verdicts: dict[tuple[int, int], int]):
    """Judge k in round r answers verdicts[(k, r)] (default: the same as in the previous round)."""

    def answer(request: ChatRequest) -> str:
        k, r = judge_number(request), request.meta["round"]
        while (k, r) not in verdicts:
            r -= 1
        return f"Judge {k} thinks so.\nOutput ({verdicts[(k, r)]})"

    return answer


def run(task, answer, executor=None, **settings):
    s = DebateSettings().replace(**{"agents": ["m1"], "protocol": "judge_debate", **settings})
    backend = ScriptedBackend(answer, name="m1")
    state = asyncio.run(run_protocol(get_protocol(s), task, s, lambda m: backend, RunContext(executor)))
    return state, backend.requests


def test_round_one_is_independent_and_later_rounds_see_every_judge(pair):
    verdicts = {(1, 1): 1, (2, 1): 2, (3, 1): 2, (1, 2): 2}
    state, requests = run(pair, scripted(verdicts), protocol_options={"judges": 3})
    assert state.stop_reason == "consensus" and len(state.rounds) == 2
    first = [r for r in requests if r.meta["round"] == 1]
    later = [r for r in requests if r.meta["round"] == 2]
    assert len(first) == 3 and len(later) == 3
    assert all("Earlier verdicts" not in r.messages[-1].content for r in first)
    for r in later:  # every judge sees every judge's round-1 verdict and reason
        text = r.messages[-1].content
        assert "Judge 1: Output (1)" in text and "Judge 2: Output (2)" in text and "Judge 3: Output (2)" in text
        assert "Judge 3 thinks so." in text
    assert {r.temperature for r in requests} == {1.0}


def test_a_task_stops_when_all_judges_agree(pair):
    state, requests = run(pair, scripted({(k, 1): 2 for k in range(1, 8)}))
    assert len(requests) == 7  # default: 7 judges
    assert state.stop_reason == "consensus" and len(state.rounds) == 1
    assert state.final.pass_rate == 1.0


def test_final_verdict_is_the_last_rounds_majority(pair):
    # round 1: 2 of 5 say 2 (SoM wrong); round 3: 3 of 5 say 2 -> majority right
    verdicts = {(1, 1): 1, (2, 1): 1, (3, 1): 1, (4, 1): 2, (5, 1): 2, (1, 3): 2}
    state, _ = run(pair, scripted(verdicts), protocol_options={"judges": 5}, max_rounds=3)
    assert state.stop_reason == "max_rounds" and len(state.rounds) == 3
    from codedebate.protocol.judge_debate import JUDGE_COLUMNS, verdict_of

    assert verdict_of(state.final) == 2 and state.final.agent_id.startswith("judge_1")
    assert state.final.all_passed
    row = JUDGE_COLUMNS.fill_summary(state)
    assert row["judge_som_verdict"] == 1 and row["judge_som_correct"] is False
    assert row["judge_single_correct"] is False  # judge 1 said 1 in round 1
    assert row["judge_first_agreement"] == pytest.approx(0.6)
    assert row["judge_final_agreement"] == pytest.approx(0.6)


def test_unparseable_replies_count_as_no_verdict(pair):
    def answer(request):
        return "I cannot decide." if judge_number(request) == 1 else "Output (2)"

    state, _ = run(pair, answer, protocol_options={"judges": 3}, max_rounds=2)
    assert state.stop_reason == "max_rounds"  # judge 1 never agrees
    assert [s.pass_rate for s in state.rounds[0].solutions.values()] == [0.0, 1.0, 1.0]


def test_majority_ties_go_to_the_tie_break():
    assert majority([1, 2, 0], tie_break=2) == 2
    assert majority([1, 1, 2]) == 1
    assert majority([0, 0]) == 0


def test_records_carry_verdicts_and_baselines(pair, tmp_path):
    s = DebateSettings().replace(agents=["m1", "m2"], protocol="judge_debate", max_rounds=3,
                                 protocol_options={"judges": 3, "temperature": 0.5})
    backends = {}

    def backend_for(model):
        return backends.setdefault(model, ScriptedBackend(scripted({(1, 1): 2, (2, 1): 2, (3, 1): 1}), name=model))

    state, records = asyncio.run(execute_run(pair, s, backend_for=backend_for, executor=None, experiment="x"))
    row = records.summary.iloc[0]
    assert row["protocol"] == "judge_debate" and row["num_agents"] == 3
    assert row["judge_verdict"] == 2 and row["judge_gold"] == 2 and row["final_pass_rate"] == 1.0
    assert list(records.per_round["judge_verdict"]) == [2, 2, 1, 2, 2, 1, 2, 2, 1]  # 3 rounds, judge 3 dissents
    assert set(records.per_round["temperature"]) == {0.5}
    assert [a.model for a in state.agents] == ["m1", "m2", "m1"]  # models cycle over agents
    paths = records.write(tmp_path / "out")  # the declared columns pass the schema check
    assert paths["summary"].is_file()


def test_options_and_task_kind_are_checked(pair, add_task):
    with pytest.raises(SettingsError, match="protocol_options.judges"):
        get_protocol(DebateSettings(protocol="judge_debate", protocol_options={"judges": 0}))
    with pytest.raises(SettingsError, match="protocol_options.judgse"):
        get_protocol(DebateSettings(protocol="judge_debate", protocol_options={"judgse": 3}))
    with pytest.raises(SettingsError, match="pairwise_judge tasks, not code"):
        run(add_task, scripted({(1, 1): 1}), protocol_options={"judges": 1})
