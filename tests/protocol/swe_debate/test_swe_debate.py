"""The repository protocols end to end: scripted models, the real sandboxed executor, a tiny repository."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from codedebate.backends.scripted import ScriptedBackend
from codedebate.protocol import DebateSettings, RunContext, get_protocol, run_protocol
from codedebate.protocol.runner import execute_run
from codedebate.protocol.settings import SettingsError
from codedebate.tasks import load_task

from repo.fixture_repo import FILES  # tests/repo (tests/ is on sys.path: no __init__ there)
from ..helpers import DATA

BUG = FILES["shop/prices.py"].replace("return unit_price(sku) * qty", "return unit_price(sku) * (qty - 1)")
FIX = ("FILE: shop/prices.py\n<<<<<<< SEARCH\n    return unit_price(sku) * (qty - 1)\n=======\n"
       "    return unit_price(sku) * qty\n>>>>>>> REPLACE\n")
WRONG = "FILE: shop/prices.py\n<<<<<<< SEARCH\n    return nothing\n=======\n    pass\n>>>>>>> REPLACE\n"
PLAN = {"summary": "count every unit", "modifications": [{"file": "shop/prices.py", "function": "line_total",
        "instruction": "multiply by qty", "rationale": "one unit is lost"}], "execution_order": [0], "risks": []}


@pytest.fixture(scope="module")
def repo_task(tmp_path_factory):  # also used by test_tables.py
    root = tmp_path_factory.mktemp("shop_task")
    files = dict(FILES, **{"shop/prices.py": BUG})
    files["tests/test_prices.py"] = ("from shop.prices import unit_price\n\n\ndef test_unit_price():\n"
                                     "    assert unit_price('pear') == 4\n")
    files["hidden/test_hidden.py"] = ("from shop.cart import Cart\n\n\ndef test_total_of_three_pears():\n"
                                      "    assert Cart().add('pear', 3).total == 12\n")
    for rel, text in files.items():
        (root / "repo" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "repo" / rel).write_text(text)
    (root / "task.json").write_text(json.dumps({
        "kind": "repository", "id": "shop-qty", "issue": "Checkout of an apple and a pear costs 0 instead of 7.",
        "repo": "repo", "visible_tests": ["tests/test_checkout.py"], "hidden_tests": ["hidden/test_hidden.py"],
        "gold": {"file": "shop/prices.py", "function": "line_total"}}))
    return load_task(root / "task.json")


def script(plan_replies: list[str], patches: list[str], argue=lambda req: "CHAIN: 1\nARGUMENT: x"):
    queue = {"plan": list(plan_replies), "search": list(patches), "patch": list(patches)}

    def reply(req):
        phase = req.meta["phase"]
        if phase == "argue":
            return argue(req)
        return queue[phase].pop(0) if queue[phase] else WRONG

    return reply


def run(task, executor, protocol, reply, agents=3, rounds=2, **options):
    settings = DebateSettings(agents=["scripted:x"] * agents, protocol=protocol, max_rounds=rounds,
                              protocol_options=options)
    backends: list[ScriptedBackend] = []

    def backend_for(model):
        backends.append(ScriptedBackend(reply))
        return backends[-1]

    state, records = asyncio.run(execute_run(task, settings, backend_for=backend_for, executor=executor))
    return state, records.summary.iloc[0], [r for b in backends for r in b.requests]


def test_swe_debate_localises_argues_plans_and_finds_the_fix(repo_task, executor):
    state, row, requests = run(repo_task, executor, "swe_debate",
                               script(["not json", json.dumps(PLAN)], [WRONG, FIX]), budget=10)
    assert row["repo_chains"] >= 1 and bool(row["repo_gold_in_top5"])
    assert bool(row["repo_plan_valid"]) and bool(row["repo_patch_applies"])
    assert bool(row["repo_visible_pass"]) and bool(row["repo_hidden_pass"]) and row["repo_regressions"] == 0
    assert row["repo_search_iterations"] == 2 and row["hidden_pass_rate"] == 1.0
    assert [c.phase for c in state.calls].count("argue") == 6  # three agents, two rounds
    assert row["repo_tokens_argue"] > 0 and row["repo_tokens_plan"] > 0 and row["repo_tokens_search"] > 0
    plan_retry = [r for r in requests if r.meta["phase"] == "plan"][1]
    assert "That plan is invalid: the reply holds no JSON object" in plan_retry.messages[-1].content
    assert state.final.files == {"shop/prices.py": FILES["shop/prices.py"]}


def test_later_rounds_see_the_others_arguments_truncated(repo_task, executor):
    long = "CHAIN: 1\nARGUMENT: " + "because " * 200
    _, _, requests = run(repo_task, executor, "swe_debate", script([json.dumps(PLAN)], [FIX], argue=lambda req: long),
                         argument_chars=80)
    first, second = ([r for r in requests if r.meta["phase"] == "argue" and r.meta["round"] == n] for n in (1, 2))
    assert all("Arguments of the last round" not in r.messages[-1].content for r in first)
    text = second[0].messages[-1].content
    assert "Arguments of the last round" in text and "...[truncated]" in text and "because " * 20 not in text
    systems = {r.messages[0].content.split(".")[0] for r in first}
    assert len(systems) == 3  # three perspectives


def test_the_vote_picks_the_chain_most_agents_argue_for(repo_task, executor):
    votes = {"agent_1": "CHAIN: 2", "agent_2": "CHAIN: 2", "agent_3": "CHAIN: 1"}
    state, row, _ = run(repo_task, executor, "swe_debate", script([json.dumps(PLAN)], [FIX], argue=lambda req: votes[req.meta["agent"]] + "\nARGUMENT: y"),
                        rounds=1)
    argue_prompt = next(c.request for c in state.calls if c.phase == "argue").messages[-1].content
    described = {n: argue_prompt.split(f"Chain {n}: ", 1)[1].split("\n", 1)[0] for n in (1, 2)}
    plan_prompt = next(c.request for c in state.calls if c.phase == "plan").messages[-1].content
    chosen = plan_prompt.split("# Chosen chain\n", 1)[1].split("\n", 1)[0]
    assert chosen == described[2] != described[1]


def test_an_invalid_plan_falls_back_and_is_recorded(repo_task, executor):
    _, row, _ = run(repo_task, executor, "swe_debate", script(["{}", "{}"], [FIX]), rounds=1, plan_retries=1)
    assert not bool(row["repo_plan_valid"]) and bool(row["repo_hidden_pass"])


def test_no_applicable_patch_leaves_the_repository_unpatched(repo_task, executor):
    _, row, _ = run(repo_task, executor, "swe_debate", script([json.dumps(PLAN)], []), rounds=1, budget=4)
    assert not bool(row["repo_patch_applies"]) and not bool(row["repo_visible_pass"])
    assert row["repo_search_iterations"] == 3  # three rejected children; nothing left to expand


def test_agentless_samples_until_the_token_budget_and_selects_by_tests(repo_task, executor):
    _, row, requests = run(repo_task, executor, "agentless", script([], [WRONG, WRONG, WRONG, WRONG]), agents=1,
                           token_budget=1, max_samples=5)
    assert row["repo_search_iterations"] == 1 and not bool(row["repo_patch_applies"])
    _, row, _ = run(repo_task, executor, "agentless", script([], [WRONG, FIX, WRONG]), agents=1, samples=3)
    assert row["repo_search_iterations"] == 2 and bool(row["repo_hidden_pass"])  # stops at a full pass
    assert row["repo_tokens_patch"] > 0 and row["repo_gold_in_chosen"] is None


def test_repo_solo_writes_one_patch(repo_task, executor):
    _, row, requests = run(repo_task, executor, "repo_solo", script([], [FIX]), agents=1)
    assert len(requests) == 1 and bool(row["repo_hidden_pass"])
    with pytest.raises(SettingsError, match="protocol_options.token_budget"):
        get_protocol(DebateSettings(agents=["scripted:x"], protocol="repo_solo", protocol_options={"token_budget": 9}))


def test_options_are_checked():
    with pytest.raises(SettingsError, match="protocol_options.search"):
        get_protocol(DebateSettings(protocol="swe_debate", protocol_options={"search": "greedy"}))
    with pytest.raises(SettingsError, match="protocol_options.perspectives"):
        get_protocol(DebateSettings(protocol="swe_debate", protocol_options={"perspectives": "lazy"}))
    with pytest.raises(SettingsError, match="protocol_options.budget"):
        get_protocol(DebateSettings(protocol="swe_debate", protocol_options={"budget": 0}))


def test_a_code_task_is_refused_with_a_clear_error(executor):
    task = load_task(DATA / "add_easy.json")
    settings = DebateSettings(agents=["scripted:x"] * 3, protocol="swe_debate")
    with pytest.raises(SettingsError, match="runs repository tasks only"):
        asyncio.run(run_protocol(get_protocol(settings), task, settings, lambda m: ScriptedBackend([]),
                                 RunContext(executor=executor)))
