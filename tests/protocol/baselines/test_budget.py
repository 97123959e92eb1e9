"""Token budgets: sampling stops before the next sample would exceed the budget, exact to the token."""

from __future__ import annotations

from codedebate.protocol.baselines.budget import TokenBudget

from ..helpers import run_debate
from .helpers import ADD, by_sample


def costs(run) -> list[int]:
    return [c.response.prompt_tokens + c.response.completion_tokens for c in run.state.calls]


def sampled(add_task, executor, codes, **options):
    return run_debate(add_task, executor, by_sample(codes), agents=["m"], judge=None, protocol="best_of_n",
                      protocol_options=options)


def test_budget_rule():
    assert TokenBudget(0).allows_next(10**9, [10**9])  # no budget
    assert TokenBudget(100).allows_next(90, [])  # the first unit always runs
    assert TokenBudget(100).allows_next(60, [30, 40]) and not TokenBudget(100).allows_next(61, [30, 40])


def test_equal_samples_fill_the_budget_exactly(add_task, executor):
    one = costs(sampled(add_task, executor, [ADD[1]], n_samples=1))[0]  # scripted tokens: words
    exact = sampled(add_task, executor, [ADD[1]], token_budget=3 * one)
    assert len(exact.state.calls) == 3 and sum(costs(exact)) == 3 * one and exact.state.stop_reason == "budget"
    short = sampled(add_task, executor, [ADD[1]], token_budget=3 * one - 1)
    assert len(short.state.calls) == 2 and short.state.stop_reason == "budget"


def test_next_sample_is_expected_to_cost_the_dearest_so_far(add_task, executor):
    long_reply = ADD[1] + "# " + " ".join(["word"] * 50) + "\n"
    one = costs(sampled(add_task, executor, [ADD[1]], n_samples=1))[0]
    longer = one + 51  # "#" plus 50 words
    # after samples 1 (one) and 2 (longer): spent = one + longer; a third fits only if spent + longer <= budget
    budget = 2 * one + longer + 50
    run = sampled(add_task, executor, [ADD[1], long_reply, ADD[1]], token_budget=budget)
    assert costs(run) == [one, longer] and run.state.stop_reason == "budget"
    run = sampled(add_task, executor, [ADD[1], long_reply, ADD[1]], token_budget=one + 2 * longer)
    assert costs(run) == [one, longer, one]


def test_n_samples_caps_a_budget(add_task, executor):
    run = sampled(add_task, executor, [ADD[1]], token_budget=10**6, n_samples=2)
    assert len(run.state.calls) == 2 and run.state.stop_reason == "sampled"
