"""Thesis Tables 12, 13, 15, 17, 20, 22 and 23 in its own layout: pools, judges, cost, ablation, quality."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from codedebate.stats.descriptive import as_text
from codedebate.stats.load import Records
from codedebate.stats.paired import pair_by_task, paired_test
from codedebate.stats.thesis_units import (
    CONFIGS, MAIN, POOLS, R1_JUDGE, ROUND_DECIMALS, SOLO_EXPERIMENT, captioned, config_per_task,
    difficulties, runs_of, task_difficulty,
)

# (label, suite, Pool A experiment, Pool B experiment)
POOL_PAIRS = [
    ("tasks/, no judge", "tasks", "7b_no_judge", "9b_no_judge"),
    ("tasks/, judge", "tasks", "7b_judge", "9b_judge"),
    ("tasks2/, no judge", "tasks2", "7b_no_judge2", "9b_no_judge2"),
    ("tasks2/, judge", "tasks2", "7b_judge2", "9b_judge2"),
]
ABLATION = [(on, f"{on}_no_adaptive_temp") for on in MAIN["tasks2"]]


def _paired_row(label: str, a: np.ndarray, b: np.ndarray) -> dict[str, object]:
    r = paired_test(a, b)
    return {"comparison": label, "pairs": r.n, "A": r.mean_a, "B": r.mean_b,
            "delta_pp": 100 * r.mean_diff, "wins": r.wins, "ties": r.ties, "losses": r.losses,
            "p_t": r.p_t, "p_wilcoxon": r.p_wilcoxon}


def _pool_pairs(records: Records) -> pd.DataFrame:
    """Per (pool pair, task): Pool A and Pool B final pass rate, with suite and difficulty."""
    diff = task_difficulty(records)
    parts = []
    for label, suite, exp_a, exp_b in POOL_PAIRS:
        a, b, tasks = pair_by_task(config_per_task(records, exp_a), config_per_task(records, exp_b))
        parts.append(pd.DataFrame({"comparison": label, "suite": suite, "task_id": tasks, "A": a, "B": b,
                                   "difficulty": [diff.get((suite, t), "") for t in tasks]}))
    return pd.concat(parts, ignore_index=True)


def table_12(records: Records) -> pd.DataFrame:
    """Table 12: Pool A vs Pool B per suite and judge mode, paired by task, and all pairs pooled."""
    pp = _pool_pairs(records)
    rows = [_paired_row(label, g["A"].to_numpy(), g["B"].to_numpy())
            for label, g in pp.groupby("comparison", sort=False)]
    rows.append(_paired_row("all 240 pairs", pp["A"].to_numpy(), pp["B"].to_numpy()))
    return captioned(pd.DataFrame(rows), (
        f"Pool A ({POOLS['A']}) vs Pool B ({POOLS['B']}): same task, same judge mode; final pass "
        "rate, paired two-sided t-test and Wilcoxon signed-rank (ties within 0.001 dropped)."))


def table_13(records: Records) -> pd.DataFrame:
    """Table 13: Pool A vs Pool B by difficulty, the 240 pairs of Table 12 pooled."""
    pp = _pool_pairs(records)
    rows = [_paired_row(d, g["A"].to_numpy(), g["B"].to_numpy())
            for d in difficulties(pp["difficulty"]) for g in [pp[pp["difficulty"] == d]]]
    return captioned(pd.DataFrame(rows).rename(columns={"comparison": "difficulty"}), (
        "Pool A vs Pool B by difficulty over the 240 (configuration, task) pairs of Table 12."))


def table_15(records: Records) -> pd.DataFrame:
    """Table 15: judge modes on tasks2/ (none, deepseek-coder-v2, deepseek-r1), all / hard / extreme."""
    s = records.summary
    modes = ("none", "deepseek-coder-v2:16b", "deepseek-r1:14b")
    pools = {"A": ("7b_no_judge2", "7b_judge2", "7b_judge2_r1"), "B": ("9b_no_judge2", "9b_judge2", "9b_judge2_r1")}
    rows = []
    for pool, exps in pools.items():
        for judge, exp in zip(modes, exps):
            runs = runs_of(s, exp)
            final = runs["final_pass_rate"].astype(float)
            diff = as_text(runs["difficulty"])
            rows.append({"pool": pool, "judge": judge, "experiment": exp, "runs": len(runs),
                         "all": final.mean(), "hard": final[diff == "hard"].mean(),
                         "extreme": final[diff == "extreme"].mean()})
    return captioned(pd.DataFrame(rows), "Mean final pass rate on tasks2/ by pool and judge mode.")


def table_17(records: Records) -> pd.DataFrame:
    """Table 17: mean run duration per configuration (seconds), with median, rounds and model time."""
    s = records.summary
    rows = []
    for exp in [SOLO_EXPERIMENT, *MAIN["tasks"], *MAIN["tasks2"], *R1_JUDGE, *[off for _, off in ABLATION]]:
        runs = runs_of(s, exp)
        if runs.empty:
            continue
        rows.append({"configuration": exp, "task_set": as_text(runs["task_set"]).iloc[0], "runs": len(runs),
                     "mean_duration_s": runs["duration_seconds"].astype(float).mean(),
                     "median_duration_s": runs["duration_seconds"].astype(float).median(),
                     "mean_llm_time_s": runs["total_llm_time"].astype(float).mean(),
                     "mean_rounds": runs["total_rounds"].astype(float).mean()})
    return captioned(pd.DataFrame(rows), "Wall-clock seconds per run (the thesis recorded no tokens).")


def wilcoxon_rounded(d: np.ndarray, decimals: int = ROUND_DECIMALS) -> float:
    """Two-sided Wilcoxon p on differences rounded to ``decimals`` (zeros dropped), as the thesis did."""
    d = np.round(np.asarray(d, float), decimals)
    return float(stats.wilcoxon(d, zero_method="wilcox").pvalue) if np.any(d != 0) else 1.0


def table_20(records: Records) -> pd.DataFrame:
    """Table 20: adaptive temperature ON vs OFF on tasks2/, per configuration and pooled (240 pairs)."""
    rows, all_on, all_off = [], [], []
    for on, off in ABLATION:
        a, b, _ = pair_by_task(config_per_task(records, on), config_per_task(records, off))
        all_on.append(a)
        all_off.append(b)
        rows.append((on, a, b))
    rows.append(("all 240 pairs", np.concatenate(all_on), np.concatenate(all_off)))
    out = []
    for label, a, b in rows:
        row = _paired_row(label, a, b)
        row["p_wilcoxon"] = wilcoxon_rounded(a - b)
        out.append(row)
    table = pd.DataFrame(out).rename(columns={"A": "ON", "B": "OFF", "p_wilcoxon": "p_wilcoxon_rounded"})
    return captioned(table, (
        "Adaptive temperature ON (base tag) vs OFF (*_no_adaptive_temp), paired by task. As in the "
        f"thesis, the paired differences are rounded to {ROUND_DECIMALS} decimals before the "
        "Wilcoxon signed-rank test (zero differences dropped); the t-test uses them unrounded."))


def table_22(records: Records) -> pd.DataFrame:
    """Table 22: cost by difficulty: solo vs debate seconds per run, rounds and model seconds."""
    s = records.summary
    rows = []
    for suite in ("tasks", "tasks2"):
        solo, debate = runs_of(s, SOLO_EXPERIMENT), runs_of(s, MAIN[suite])
        for diff in difficulties(as_text(debate["difficulty"])):
            d = debate[as_text(debate["difficulty"]) == diff]
            so = solo[(as_text(solo["difficulty"]) == diff) & (as_text(solo["task_set"]) == suite)]
            solo_s = so["duration_seconds"].astype(float).mean() if len(so) else np.nan
            deb_s = d["duration_seconds"].astype(float).mean()
            rows.append({"task_set": suite, "difficulty": diff, "debate_runs": len(d),
                         "solo_mean_s": solo_s, "debate_mean_s": deb_s, "debate_over_solo": deb_s / solo_s,
                         "debate_mean_rounds": d["total_rounds"].astype(float).mean(),
                         "debate_mean_llm_time_s": d["total_llm_time"].astype(float).mean()})
    return captioned(pd.DataFrame(rows), (
        "Mean seconds per run by difficulty: the 4 main debate configurations of each suite vs the "
        "solo runs (tasks/ only; tasks2/ had no solo job)."))


def table_23(records: Records) -> pd.DataFrame:
    """Table 23: Pylint score and Radon complexity, round-1 proposals (mean) before vs final after."""
    s = records.summary
    rows = []
    groups = [(f"{label} ({suite}/)", MAIN[suite][i]) for suite in ("tasks", "tasks2")
              for i, (label, _, _) in enumerate(CONFIGS)]
    for label, exps in [*groups, ("all 8 main configurations", [*MAIN["tasks"], *MAIN["tasks2"]])]:
        runs = runs_of(s, exps)
        f = {c: runs[c].astype(float).mean() for c in ("initial_avg_pylint", "final_pylint",
                                                        "initial_avg_complexity", "final_complexity")}
        rows.append({"configuration": label, "runs": len(runs),
                     "pylint_before": f["initial_avg_pylint"], "pylint_after": f["final_pylint"],
                     "pylint_change": f["final_pylint"] - f["initial_avg_pylint"],
                     "complexity_before": f["initial_avg_complexity"], "complexity_after": f["final_complexity"],
                     "complexity_change": f["final_complexity"] - f["initial_avg_complexity"]})
    return captioned(pd.DataFrame(rows), (
        "Pylint score (0-10, higher is better) and Radon cyclomatic complexity: mean over a run's "
        "round-1 proposals (before) vs its final answer (after)."))
