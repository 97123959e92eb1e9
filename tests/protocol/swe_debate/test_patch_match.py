"""Record columns saying how the proposed patches' edits matched (exact, whitespace, function)."""

from __future__ import annotations

import pandas as pd

from .test_swe_debate import FIX, WRONG, run, script

WHOLE_FUNCTION = "The fixed function:\n```python\ndef line_total(sku, qty):\n    return unit_price(sku) * qty\n```\n"
DEEPER = FIX.replace("    return", "        return")  # indented too deep: a whitespace match


def test_an_exact_patch_is_recorded_as_exact(repo_task, executor):
    _, row, _ = run(repo_task, executor, "repo_solo", script([], [FIX]), agents=1)
    assert row["repo_patch_match"] == "exact"
    assert (row["repo_patches_applied"], row["repo_patches_lenient"]) == (1, 0)


def test_a_whole_function_reply_applies_and_is_recorded_as_lenient(repo_task, executor):
    _, row, _ = run(repo_task, executor, "repo_solo", script([], [WHOLE_FUNCTION]), agents=1)
    assert bool(row["repo_hidden_pass"]) and row["repo_patch_match"] == "function"
    assert (row["repo_patches_applied"], row["repo_patches_lenient"]) == (1, 1)


def test_agentless_counts_lenient_patches_among_the_applied_ones(repo_task, executor):
    _, row, _ = run(repo_task, executor, "agentless", script([], [WRONG, DEEPER]), agents=1, samples=2)
    assert row["repo_patch_match"] == "whitespace" and bool(row["repo_hidden_pass"])
    assert (row["repo_patches_applied"], row["repo_patches_lenient"]) == (1, 1)


def test_no_applied_patch_leaves_the_match_empty(repo_task, executor):
    _, row, _ = run(repo_task, executor, "repo_solo", script([], [WRONG]), agents=1)
    assert pd.isna(row["repo_patch_match"]) and row["repo_patches_applied"] == 0
