"""star: agents never see a peer's answer or evaluation; the judge's consensus line ends the run;
Olympiad verdicts are parsed and grounded; the final answer is the majority."""

from __future__ import annotations

import pytest

from codedebate.protocol.settings import SettingsError
from codedebate.protocol.topology.judge import has_consensus, parse_judge, parse_verdict, points_at_failure
from codedebate.protocol.topology.prompts import consensus_line
from codedebate.tasks import load_task

from .helpers import ADD, fenced
from .topology_helpers import records, run_topology, user_text

MC = "tasks_mc/arithmetic-01.json"  # 17 * 6: gold B


@pytest.fixture(scope="module")
def mc_task():
    return load_task(MC)


def judge_by_agent(request) -> str:
    return ("Evaluation of Agent A\nSECRET-EVAL-A: re-check the product.\n"
            "Evaluation of Agent B\nSECRET-EVAL-B: looks right.\n"
            "Overall Assessment\nSECRET-OVERALL: they disagree.")


def test_star_agents_never_see_a_peers_answer_or_evaluation(mc_task, executor) -> None:
    def answer(req):
        m = req.meta
        if m["phase"] == "judge":
            return judge_by_agent(req)
        return f"SECRET-{m['agent']}-R{m['round']} so ({'A' if m['agent'] == 'agent_1' else 'B'})"

    run = run_topology(mc_task, executor, answer, "star", judge="judge-model")
    agent_requests = [r for r in run.requests if r.meta["role"] == "proposer"]
    assert len(agent_requests) == 2 * 4  # round 1 + 3 judge rounds, 2 agents
    for req in agent_requests:
        me, peer = req.meta["agent"], "agent_2" if req.meta["agent"] == "agent_1" else "agent_1"
        text = user_text(req)
        assert f"SECRET-{peer}" not in text
        assert "SECRET-OVERALL" not in text
        assert ("SECRET-EVAL-B" if me == "agent_1" else "SECRET-EVAL-A") not in text
        if req.meta["round"] > 1:
            assert ("SECRET-EVAL-A" if me == "agent_1" else "SECRET-EVAL-B") in text
            assert f"SECRET-{me}-R{req.meta['round'] - 1}" in text
    judge_requests = [r for r in run.requests if r.meta["role"] == "judge"]
    assert len(judge_requests) == 3
    assert "SECRET-agent_1-R1" in user_text(judge_requests[0]) and "SECRET-agent_2-R1" in user_text(judge_requests[0])


def test_consensus_line_ends_the_debate_before_the_agents_revise(mc_task, executor) -> None:
    def answer(req):
        if req.meta["phase"] == "judge":
            return "Both reach 102.\nCONSENSUS: Both solutions are correct."
        return "17*6 = 102 (B)"

    run = run_topology(mc_task, executor, answer, "star", judge="j")
    assert run.state.stop_reason == "consensus"
    assert [len(r.solutions) for r in run.state.rounds] == [2, 0]
    summary = records(run).summary.iloc[0]
    assert summary["consensus_reached"] and summary["rounds_to_consensus"] == 2
    assert summary["final_correct"] and summary["final_answer_key"] == "B"
    assert summary["topology_links"] == 4 and summary["judge_prompt_tokens"] > 0
    assert not summary["judge_consensus_on_disagreement"]


def test_a_consensus_over_different_answers_is_recorded(mc_task, executor) -> None:
    def answer(req):
        if req.meta["phase"] == "judge":
            return "CONSENSUS: Both solutions are correct."
        return "(B)" if req.meta["agent"] == "agent_1" else "(C)"

    run = run_topology(mc_task, executor, answer, "star", judge="j")
    summary = records(run).summary.iloc[0]
    assert summary["status"] == "consensus" and summary["judge_consensus_on_disagreement"]
    assert summary["final_answer_key"] == "B"  # 1:1 tie -> agent 1


def test_consensus_line_is_exact_and_sized_to_the_agents() -> None:
    assert consensus_line(2) == "CONSENSUS: Both solutions are correct."
    assert consensus_line(3) == "CONSENSUS: All 3 solutions are correct."
    assert has_consensus("ok\n**CONSENSUS: Both solutions are correct.**", 2)
    assert not has_consensus("CONSENSUS: Both solutions are correct.", 3)
    assert not has_consensus("No CONSENSUS: Both solutions are correct. yet", 2)
    assert not has_consensus("CONSENSUS: both are fine", 2)


def test_star_needs_a_judge(mc_task, executor) -> None:
    with pytest.raises(SettingsError, match="judge"):
        run_topology(mc_task, executor, lambda r: "(B)", "star")


def test_best_visible_is_refused_on_gold_scored_tasks(mc_task, executor) -> None:
    with pytest.raises(SettingsError, match="best_visible"):
        run_topology(mc_task, executor, lambda r: "(B)", "star", judge="j", final="best_visible")


def test_unknown_option_is_named(mc_task, executor) -> None:
    with pytest.raises(SettingsError, match="protocol_options.round"):
        run_topology(mc_task, executor, lambda r: "(B)", "star", judge="j", round=2)


FFED = """Evaluation of Agent A
VERDICT: REJECTED
FIRST FATAL ERROR: Step 2 assumes the triangle is isosceles, which the problem does not give.
REASON: Everything after step 2 depends on it.

**Evaluation of Agent B:**
VERDICT: ACCEPTED

Overall Assessment
A fails at step 2."""


def test_ffed_output_is_parsed_per_agent() -> None:
    parsed = parse_judge(FFED, 2)
    assert not parsed.consensus
    a, b = parse_verdict(parsed.evaluations["A"]), parse_verdict(parsed.evaluations["B"])
    assert a.rejected and a.fatal_error.startswith("Step 2 assumes") and a.reason == "Everything after step 2 depends on it."
    assert b.verdict == "ACCEPTED" and not b.rejected
    assert parsed.overall == "A fails at step 2."
    assert parsed.missing(3) == ["C"]


def test_consensus_with_a_rejection_is_not_consensus() -> None:
    assert not parse_judge(FFED + "\nCONSENSUS: Both solutions are correct.", 2).consensus


def test_olympiad_on_code_grounds_the_fatal_error_in_a_failing_visible_test(add_task, executor) -> None:
    def answer(req):
        m = req.meta
        if m["phase"] == "judge":
            assert "first failing visible test" in user_text(req)
            return ("Evaluation of Agent A\nVERDICT: REJECTED\nFIRST FATAL ERROR: test_add_negative fails\n"
                    "REASON: it adds absolute values.\n"
                    "Evaluation of Agent B\nVERDICT: REJECTED\nFIRST FATAL ERROR: the loop\nREASON: vague.")
        if m["agent"] == "agent_1":
            return fenced(ADD[2] if m["round"] == 1 else ADD[4])
        return fenced(ADD[4])

    run = run_topology(add_task, executor, answer, "star", judge="j", olympiad=True, rounds=1)
    assert "## Minimal Generator Check" in user_text(run.requests[0])
    crit = {c.target_id: c for c in run.state.rounds[1].critiques}
    assert [b.grounded for b in crit["agent_1_m1"].bugs] == [True]
    assert [b.grounded for b in crit["agent_2_m2"].bugs] == [False]  # B passes every test: nothing to point at
    rec = records(run)
    assert rec.summary.iloc[0]["judge_rejections"] == 2 and rec.summary.iloc[0]["judge_grounded_rejections"] == 1
    per = rec.per_round.set_index(["agent_id", "round_num"])
    assert not per.loc[("agent_1_m1", 1), "correct"] and per.loc[("agent_1_m1", 2), "correct"]
    visible, hidden = per.loc[("agent_1_m1", 1), "answer_key"].split("|")
    assert visible == "PPFF" and len(hidden) == 3 and "F" in hidden
    assert per.loc[("agent_1_m1", 2), "answer_key"] == "PPPP|PPP"


def test_points_at_failure_needs_a_failing_test_name_or_message() -> None:
    from codedebate.executor.results import ExecutionResult, Outcome, TestResult

    result = ExecutionResult((TestResult("test_ok", Outcome.PASSED),
                              TestResult("tests.py::test_neg", Outcome.FAILED, "assert 0 == -5\nmore")), True)
    assert points_at_failure("the first fatal error is test_neg", result)
    assert points_at_failure("line: assert 0 == -5", result)
    assert not points_at_failure("test_ok is wrong", result)


def test_multi_file_code_tasks_are_out_of_scope(pair_task, executor) -> None:
    from codedebate.tasks import TaskError

    with pytest.raises(TaskError, match="single-file"):
        run_topology(pair_task, executor, lambda r: "x", "star", judge="j")
