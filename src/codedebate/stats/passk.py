"""Unbiased pass@k (Chen et al., 2021): 1 - C(n-c, k) / C(n, k) for n samples, c correct."""

from __future__ import annotations

import numpy as np
import pandas as pd


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of k samples drawn from n (c correct) is correct."""
    if not 0 <= c <= n:
        raise ValueError(f"pass_at_k: need 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"pass_at_k: need 1 <= k <= n, got n={n}, k={k}")
    if n - c < k:
        return 1.0
    # product form avoids huge binomials: C(n-c,k)/C(n,k) = prod_{i=n-c+1}^{n} (1 - k/i)
    return float(1.0 - np.prod(1.0 - k / np.arange(n - c + 1, n + 1)))


def pass_at_k_per_task(
    per_round: pd.DataFrame, summary: pd.DataFrame, ks: tuple[int, ...] = (1, 3),
    round_num: int | None = 1,
) -> pd.DataFrame:
    """pass@k per (task_set, experiment, task) over the solutions of all its runs.

    A solution is correct when it passes every visible test. ``round_num=1`` uses the
    independent round-1 proposals only (the standard setting); None uses every round.
    k larger than the number of samples gives NaN.
    """
    rows = per_round if round_num is None else per_round[per_round["round_num"] == round_num]
    keys = summary.set_index("debate_id")[["task_set", "experiment"]]
    rows = rows.drop(columns=["experiment"]).join(keys, on="debate_id")
    rows = rows.assign(correct=rows["pass_rate"].astype(float) >= 1.0)
    grouped = rows.groupby(["task_set", "experiment", "task_id"], dropna=False)
    out = grouped["correct"].agg(n="size", c="sum").reset_index()
    for k in ks:
        out[f"pass@{k}"] = [
            pass_at_k(int(n), int(c), k) if n >= k else np.nan for n, c in zip(out["n"], out["c"])
        ]
    return out


def pass_at_k_table(
    per_round: pd.DataFrame, summary: pd.DataFrame, ks: tuple[int, ...] = (1, 3)
) -> pd.DataFrame:
    """Mean pass@k over tasks per (task_set, experiment), from round-1 solutions."""
    per_task = pass_at_k_per_task(per_round, summary, ks)
    table = per_task.groupby(["task_set", "experiment"], dropna=False).agg(
        tasks=("task_id", "size"), samples_per_task=("n", "mean"), **{
            f"pass@{k}": (f"pass@{k}", "mean") for k in ks
        }
    )
    return table.reset_index()
