import asyncio

import pytest

from codedebate.repo.patches import apply_patch
from codedebate.repo.search import Evaluation, PatchSearch

from .fixture_repo import FILES


def edit(old: str, new: str) -> str:
    return f"FILE: shop/prices.py\n<<<<<<< SEARCH\n{old}\n=======\n{new}\n>>>>>>> REPLACE\n"


HALF = edit("    return unit_price(sku) * qty", "    return unit_price(sku) * max(qty, 0)")
FULL = edit("    return unit_price(sku) * max(qty, 0)", "    return unit_price(sku) * abs(qty)")
BREAKS = edit("    return unit_price(sku) * qty", "    return unit_price(sku) * qty  # BREAK")
BAD = edit("not in the file", "x")


async def evaluate(changes):
    text = changes.get("shop/prices.py", FILES["shop/prices.py"])
    visible = 1.0 if "abs(qty)" in text else 0.5 if "max(qty, 0)" in text else 0.0
    return Evaluation(visible, regressions=2 if "BREAK" in text else 0, regression_total=4)


def apply(changes, reply):
    return apply_patch({**FILES, **changes}, reply)


def proposer(script):
    """Replies chosen by the parent's depth and the child's index; every call is logged."""
    log = []

    async def propose(node, k):
        log.append((node.depth, k))
        return script(node, k), {"k": k}

    return propose, log


def run(search: PatchSearch):
    return asyncio.run(search.run(Evaluation(0.0, 0, 4)))


def test_reward_is_visible_rate_minus_regression_share():
    assert Evaluation(0.75, 1, 4).reward == 0.5
    assert Evaluation(1.0, 0, 0).reward == 1.0


def test_mcts_expands_three_children_then_descends_to_the_best_and_stops_at_a_full_pass():
    propose, log = proposer(lambda node, k: {0: BAD, 1: HALF, 2: BREAKS}[k] if node.depth == 0 else FULL)
    result = run(PatchSearch(propose, apply, evaluate, strategy="mcts", budget=50, expand=3))
    assert log[:3] == [(0, 0), (0, 1), (0, 2)]  # the root is fully expanded first
    assert log[3] == (1, 0)  # UCT then descends into an unvisited-best child (HALF, reward 0.5)
    assert result.iterations == 4 and result.best.reward == 1.0
    assert "abs(qty)" in result.best.changes["shop/prices.py"]  # edits stack on the parent's patch
    rejected = result.nodes[0]
    assert not rejected.applies and "the SEARCH text is not in the file" in rejected.reason
    assert result.nodes[2].evaluation.regressions == 2 and result.nodes[2].reward == -0.5


def test_mcts_respects_the_iteration_budget():
    propose, log = proposer(lambda node, k: HALF if node.depth == 0 else BAD)
    result = run(PatchSearch(propose, apply, evaluate, strategy="mcts", budget=7, expand=3))
    assert result.iterations == 7 == len(log)
    assert result.best.reward == 0.5


def test_mcts_stops_when_nothing_is_left_to_expand():
    propose, log = proposer(lambda node, k: BAD)
    result = run(PatchSearch(propose, apply, evaluate, strategy="mcts", budget=50, expand=3))
    assert result.iterations == 3  # three rejected children of the root; nothing else to expand
    assert result.best.iteration == 0  # the unpatched root


def test_beam_keeps_the_best_children_and_expands_them():
    propose, log = proposer(lambda node, k: {0: BAD, 1: HALF, 2: BREAKS}[k] if node.depth == 0 else FULL)
    result = run(PatchSearch(propose, apply, evaluate, strategy="beam", budget=50, expand=3, beam_width=1))
    assert log == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert result.best.reward == 1.0 and result.best.depth == 2


def test_identical_patches_are_scored_once():
    calls = []

    async def counting(changes):
        calls.append(changes)
        return await evaluate(changes)

    propose, _ = proposer(lambda node, k: HALF if node.depth == 0 else BAD)
    run(PatchSearch(propose, apply, counting, strategy="beam", budget=3, expand=3))
    assert len(calls) == 1


def test_unknown_strategy():
    with pytest.raises(ValueError, match="mcts, beam"):
        PatchSearch(None, apply, evaluate, strategy="greedy")
