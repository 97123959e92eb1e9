"""mesh: every agent reads every peer's previous answer; majority (or best visible) final answer;
optional stop on agreement; record columns that the sycophancy statistics read."""

from __future__ import annotations

import pytest

from codedebate.protocol.settings import SettingsError
from codedebate.stats import sycophancy
from codedebate.tasks import load_task

from .helpers import ADD, fenced
from .topology_helpers import records, run_topology, user_text


@pytest.fixture(scope="module")
def mc_task():
    return load_task("tasks_mc/arithmetic-01.json")  # gold B


def test_mesh_agents_see_every_peers_previous_answer(mc_task, executor) -> None:
    def answer(req):
        m = req.meta
        return f"SECRET-{m['agent']}-R{m['round']} reasoning ({'B' if m['agent'] != 'agent_3' else 'C'})"

    run = run_topology(mc_task, executor, answer, "mesh", agents=3)
    assert len(run.state.rounds) == 3  # independent round + 2 mesh rounds
    for req in run.requests:
        text, rnd = user_text(req), req.meta["round"]
        if rnd == 1:
            assert "SECRET-" not in text
            continue
        for other in ("agent_1", "agent_2", "agent_3"):
            assert f"SECRET-{other}-R{rnd - 1}" in text  # own and peers' previous replies
            assert f"SECRET-{other}-R{rnd}" not in text  # never this round's
    assert run.state.final.answer == "B"  # 2 of 3


def test_mesh_has_no_judge(mc_task, executor) -> None:
    with pytest.raises(SettingsError, match="mesh has no judge"):
        run_topology(mc_task, executor, lambda r: "(B)", "mesh", judge="j")


def test_stop_on_agreement_ends_when_every_answer_is_the_same(mc_task, executor) -> None:
    run = run_topology(mc_task, executor, lambda r: "(B)", "mesh", agents=3, stop_on_agreement=True)
    assert run.state.stop_reason == "consensus" and len(run.state.rounds) == 1
    run = run_topology(mc_task, executor, lambda r: "(B)", "mesh", agents=3)
    assert run.state.stop_reason == "max_rounds" and len(run.state.rounds) == 3


def test_majority_tie_goes_to_the_lowest_agent_never_to_the_gold(mc_task, executor) -> None:
    run = run_topology(mc_task, executor, lambda r: "(A)" if r.meta["agent"] == "agent_1" else "(B)",
                       "mesh", agents=2, rounds=1)
    assert run.state.final.answer == "A"  # 1:1 tie; agent 1's answer, though B is the gold


def test_code_majority_groups_by_visible_outcomes(add_task, executor) -> None:
    # agents 2 and 3 write different code with the same visible behaviour (fail negative and mixed)
    code = {1: ADD[4], 2: ADD[2], 3: "def add(a, b):\n    return abs(a + 0) + abs(b)\n"}
    run = run_topology(add_task, executor, lambda r: fenced(code[int(r.meta["agent"][-1])]), "mesh",
                       agents=3, rounds=1)
    assert run.state.final.agent_id.startswith("agent_2")  # group {2, 3} outvotes agent 1
    best = run_topology(add_task, executor, lambda r: fenced(code[int(r.meta["agent"][-1])]), "mesh",
                        agents=3, rounds=1, final="best_visible")
    assert best.state.final.agent_id.startswith("agent_1")
    summary = records(best).summary.iloc[0]
    assert summary["final_correct"] and summary["topology_links"] == 3
    assert summary["hidden_pass_rate"] == 1.0


def test_mesh_records_feed_the_sycophancy_statistics(mc_task, executor) -> None:
    # agent 1 right then follows agent 2 and 3's wrong answer C: one sycophantic flip
    def answer(req):
        m = req.meta
        if m["agent"] == "agent_1":
            return "(B)" if m["round"] == 1 else "(C)"
        return "(C)"

    rec = records(run_topology(mc_task, executor, answer, "mesh", agents=3, rounds=1))
    runs = sycophancy.run_table(rec.per_round)
    row = runs.iloc[0]
    assert row["sycophantic"] == 1 and row["correct_to_wrong"] == 1 and row["changed_to_peer"] == 1
    assert row["agreement_rate"] == 1.0 and row["rounds_until_agreement"] == 1


def test_agreement_on_code_compares_visible_outcomes_only(add_task, executor) -> None:
    # both pass every visible test; the second fails the hidden test add(-1, 0) == -1
    hidden_bug = "def add(a, b):\n    return a + b if (b != 0 or a >= 0) else a - 1\n"
    code = {1: ADD[4], 2: hidden_bug}
    run = run_topology(add_task, executor, lambda r: fenced(code[int(r.meta["agent"][-1])]), "mesh",
                       agents=2, stop_on_agreement=True)
    assert run.state.stop_reason == "consensus" and len(run.state.rounds) == 1
    keys = records(run).per_round.set_index("agent_id")["answer_key"]
    assert keys["agent_1_m1"] == "PPPP|PPP" and keys["agent_2_m2"] != keys["agent_1_m1"]  # the metrics see the hidden split
