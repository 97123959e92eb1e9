"""Lock-step batches: rounds advance together, per-task stops still apply, the stability rule
stops the batch, stopped tasks carry their count forward, records carry the batch columns."""

from __future__ import annotations

import asyncio
import json

import pytest

from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, SettingsError, get_protocol
from codedebate.protocol.batch import correct_count, execute_batch, run_batch
from codedebate.stability import StabilitySettings
from codedebate.tasks import load_task

from .helpers import ADD, responder, run_debate


def make_pairs(tmp_path, count: int):
    tasks = []
    for i in range(count):
        path = tmp_path / f"p{i}.json"
        path.write_text(json.dumps({"kind": "pairwise_judge", "id": f"p{i}", "instruction": f"Question {i}.",
                                    "output_1": "a", "output_2": "b", "label": 1 + i % 2}))
        tasks.append(load_task(path))
    return tasks


def judges(plan):
    """plan(task index, judge number, round) -> verdict; the task index is read from the prompt."""

    def answer(request):
        text = request.messages[-1].content
        index = int(text.split("Question ", 1)[1].split(".", 1)[0])
        k = int(request.meta["agent"].split("_")[1])
        return f"reason {k}\nOutput ({plan(index, k, request.meta['round'])})"

    return answer


def settings(**kw):
    return DebateSettings().replace(**{"agents": ["m"], "protocol": "judge_debate", "max_rounds": 5,
                                       "protocol_options": {"judges": 5}, **kw})


def run(tasks, plan, stability=None, **kw):
    backend = ScriptedBackend(judges(plan), name="m")
    s = settings(**kw)
    batch = asyncio.run(run_batch(get_protocol(s), tasks, s, lambda m: backend, None, stability))
    return batch, backend.requests


def split(index, k, round_no):
    """Tasks never agree (judges 1-2 vs 3-5), so only max_rounds or the stability rule stops them."""
    return 1 if k <= 2 else 2


def test_rounds_advance_in_lock_step(tmp_path):
    batch, requests = run(make_pairs(tmp_path, 3), split, max_rounds=3)
    rounds = [r.meta["round"] for r in requests]
    assert rounds == sorted(rounds) and len(rounds) == 3 * 5 * 3
    assert all(s.stop_reason == "max_rounds" for s in batch.states)


def test_a_task_whose_judges_agree_stops_inside_the_batch(tmp_path):
    def plan(index, k, round_no):
        return 2 if index == 1 else split(index, k, round_no)  # task 1: unanimous at once

    batch, _ = run(make_pairs(tmp_path, 3), plan, max_rounds=3)
    assert [len(s.rounds) for s in batch.states] == [3, 1, 3]
    assert [s.stop_reason for s in batch.states] == ["max_rounds", "consensus", "max_rounds"]


def test_the_stability_rule_stops_a_batch_that_no_longer_moves(tmp_path):
    tasks = make_pairs(tmp_path, 6)
    rule = StabilitySettings(distance="empirical", restarts=1)
    batch, requests = run(tasks, split, stability=rule)
    # identical rounds: distance 0 after rounds 2 and 3 -> patience 2 reached after round 3
    assert batch.stop_round == 3
    assert all(s.stop_reason == "stability" and len(s.rounds) == 3 for s in batch.states)
    assert [r.ks_empirical for r in batch.reports] == [None, 0.0, 0.0]
    without, _ = run(tasks, split)
    assert all(len(s.rounds) == 5 for s in without.states)  # fixed rounds: max_rounds


def test_a_moving_batch_is_not_stopped(tmp_path):
    def drift(index, k, round_no):  # one more judge switches to the gold verdict each round
        gold = 1 + index % 2
        return gold if k <= round_no else 3 - gold

    batch, _ = run(make_pairs(tmp_path, 4), drift, stability=StabilitySettings(distance="empirical", restarts=1))
    assert batch.stop_round == 0
    assert [s.stop_reason for s in batch.states] == ["consensus"] * 4  # all 5 judges right in round 5
    assert all(r.ks_empirical is None or r.ks_empirical > 0.05 for r in batch.reports)


def test_stopped_tasks_carry_their_count_forward(tmp_path):
    def plan(index, k, round_no):
        if index == 0:
            return 1  # task 0 (gold 1): unanimous and correct, stops after round 1 with s = 5
        return 2 if k <= min(round_no, 4) else 1  # task 1 (gold 2): s = round number, never unanimous

    batch, _ = run(make_pairs(tmp_path, 2), plan, stability=StabilitySettings(distance="empirical", restarts=1))
    assert [r.counts for r in batch.reports] == [(5, 1), (5, 2), (5, 3), (5, 4), (5, 4)]
    assert len(batch.states[0].rounds) == 1


def test_counts_are_label_free_for_code(add_task, executor):
    run_ = run_debate(add_task, executor, responder({1: ADD[4], 2: ADD[3], 3: ADD[4]}),
                      max_rounds=1, early_stop_on_perfect=False)
    assert correct_count(run_.state) == 2  # two of three pass every visible test


def test_records_carry_the_batch_columns(tmp_path):
    tasks = make_pairs(tmp_path, 4)
    backend = ScriptedBackend(judges(split), name="m")
    rule = StabilitySettings(distance="empirical", restarts=1)
    batch, records = asyncio.run(execute_batch(tasks, settings(), backend_for=lambda m: backend, executor=None,
                                               stability=rule, experiment="e", task_sets=["s"] * 4))
    assert len(records) == 4
    row = records[0].summary.iloc[0]
    assert row["batch_id"] == batch.batch_id and row["batch_size"] == 4 and row["batch_stop_round"] == 3
    assert json.loads(row["stability"])["patience"] == 2
    per_round = records[0].per_round
    assert per_round["stability_ks_empirical"].isna().sum() == 5  # round 1 has no previous round
    assert set(per_round.loc[per_round["round_num"] > 1, "stability_ks_empirical"]) == {0.0}
    marker = batch.marker()
    assert marker["tasks"] == ["p0", "p1", "p2", "p3"] and marker["stop_round"] == 3
    assert [r["round"] for r in marker["rule"]] == [1, 2, 3] and marker["rule"][0]["ks_empirical"] is None
    for rec in records:
        rec.write(tmp_path / "out" / rec.summary.iloc[0]["task_id"])


def test_task_ids_must_be_unique(tmp_path):
    tasks = make_pairs(tmp_path, 1) * 2
    with pytest.raises(SettingsError, match="repeated: p0"):
        run(tasks, split)


# --------------------------------------------------------------------------- codedebate run-batch


def write_jsonl(tmp_path, count: int):
    path = tmp_path / "pairs.jsonl"
    path.write_text("\n".join(json.dumps({"input": f"Question {i}.", "output_1": "a", "output_2": "b",
                                          "label": 1 + i % 2, "id": f"q{i}"}) for i in range(count)) + "\n")
    return path


def write_script(tmp_path, replies):
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"rules": [{"when": {"agent": f"agent_{k}"}, "reply": r} for k, r in replies.items()]}))
    return path


def test_run_batch_writes_one_folder_per_task_and_the_marker(tmp_path, capsys):
    from codedebate.cli import main
    from codedebate.records import read_table

    script = write_script(tmp_path, {1: "Output (1)", 2: "Output (2)", 3: "Output (2)"})
    out = tmp_path / "runs" / "{task}" / "0"
    marker = tmp_path / "batches" / "b0" / "batch.json"
    code = main(["run-batch", "--tasks", str(write_jsonl(tmp_path, 4)), "--agents", f"scripted:{script}",
                 "--protocol", "judge_debate", "--option", "judges=3", "--max-rounds", "5", "--seed", "0",
                 "--experiment", "jd", "--output", str(out), "--marker", str(marker),
                 "--stability-option", "distance=empirical", "--stability-option", "restarts=1"])
    assert code == 0, capsys.readouterr().err
    summaries = read_table([tmp_path / "runs" / f"q{i}" / "0" / "summary.parquet" for i in range(4)], "summary")
    assert list(summaries["status"]) == ["stability"] * 4 and set(summaries["total_rounds"]) == {3}
    assert list(summaries["final_pass_rate"]) == [0.0, 1.0, 0.0, 1.0]  # majority says 2 everywhere
    assert set(summaries["task_set"]) == {"pairs"} and set(summaries["experiment"]) == {"jd"}
    data = json.loads(marker.read_text())
    assert data["stop_round"] == 3 and data["tasks"] == ["q0", "q1", "q2", "q3"]
    assert "stability rule stopped it after round 3" in capsys.readouterr().out


def test_a_failed_batch_writes_nothing(tmp_path, capsys):
    from codedebate.cli import main

    script = write_script(tmp_path, {1: "Output (1)", 2: {"error": "model server went away"}})
    out = tmp_path / "runs"
    code = main(["run-batch", "--tasks", str(write_jsonl(tmp_path, 2)), "--agents", f"scripted:{script}",
                 "--protocol", "judge_debate", "--option", "judges=2", "--output", str(out)])
    assert code == 3
    assert "no records written" in capsys.readouterr().err
    assert not out.exists()


def test_bad_stability_options_name_the_key(tmp_path, capsys):
    from codedebate.cli import main

    code = main(["run-batch", "--tasks", str(write_jsonl(tmp_path, 2)), "--agents", "scripted:x.json",
                 "--protocol", "judge_debate", "--output", str(tmp_path / "o"), "--stability-option", "patience=0"])
    assert code == 2
    assert "--stability-option patience" in capsys.readouterr().err
