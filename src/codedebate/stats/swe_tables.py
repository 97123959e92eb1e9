"""Tables of the repository study: localisation accuracy and hidden resolve rate by arm, cost per
stage, and paired per-task tests of resolve rate between arms (Bonferroni within the family)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from .paired import pair_by_task, paired_family, paired_test, per_task_values

RATES = {"loc_top1": "repo_gold_in_top1", "loc_top5": "repo_gold_in_top5", "loc_chosen": "repo_gold_in_chosen",
         "plan_valid": "repo_plan_valid", "patch_applies": "repo_patch_applies",
         "visible_pass": "repo_visible_pass", "resolved": "repo_hidden_pass"}
STAGES = ("localise", "argue", "plan", "search", "patch")


def _rate(values: pd.Series) -> float:
    vals = pd.to_numeric(values.astype("Float64"), errors="coerce").dropna()
    return float(vals.mean()) if len(vals) else float("nan")


def repo_runs(summary: pd.DataFrame) -> pd.DataFrame:
    """The summary rows of repository protocols (those that filled the repo_* columns)."""
    if "repo_hidden_pass" not in summary.columns:
        raise ValueError("no repository runs in these records (no repo_hidden_pass column); "
                         "run swe_debate, agentless or repo_solo on tasks_repo/ first")
    return summary[summary["repo_chains"].notna()]


def by_arm(summary: pd.DataFrame, arm: str = "experiment") -> pd.DataFrame:
    """One row per arm: runs, localisation rates, plan/patch/visible/resolve rates, mean cost."""
    runs = repo_runs(summary)
    rows = []
    for name, group in runs.groupby(runs[arm].astype(str), sort=True):
        row = {"arm": name, "protocol": ",".join(sorted(set(group["protocol"].astype(str)))),
               "runs": len(group), "tasks": group["task_id"].nunique()}
        row.update({k: _rate(group[c]) for k, c in RATES.items()})
        row["regressions"] = float(pd.to_numeric(group["repo_regressions"], errors="coerce").mean())
        row["tokens"] = float(group["total_tokens"].astype(float).mean())
        row.update({f"tokens_{s}": float(group[f"repo_tokens_{s}"].astype(float).mean()) for s in STAGES})
        row["seconds"] = float(group["duration_seconds"].astype(float).mean())
        rows.append(row)
    table = pd.DataFrame(rows)
    table.attrs["caption"] = ("Rates are means over runs (null values left out: loc_chosen has no value for "
                              "arms without a vote). resolved = every hidden test passes.")
    return table


def paired_resolve(summary: pd.DataFrame, arm: str = "experiment", value: str = "repo_hidden_pass") -> pd.DataFrame:
    """Every pair of arms, paired by task (seeds averaged): t-test, Wilcoxon, Bonferroni."""
    runs = repo_runs(summary).copy()
    runs[value] = pd.to_numeric(runs[value].astype("Float64"), errors="coerce").astype(float)
    per_arm = {name: per_task_values(g, value) for name, g in runs.groupby(runs[arm].astype(str), sort=True)}
    rows = []
    for a, b in combinations(sorted(per_arm), 2):
        x, y, tasks = pair_by_task(per_arm[a], per_arm[b])
        if len(tasks):
            rows.append({"value": value, "a": a, "b": b, "result": paired_test(np.asarray(x), np.asarray(y))})
    return paired_family(rows, f"{value} by task") if rows else pd.DataFrame()


def swe_tables(summary: pd.DataFrame, arm: str = "experiment") -> dict[str, pd.DataFrame]:
    return {"swe_by_arm": by_arm(summary, arm), "swe_paired_resolve": paired_resolve(summary, arm),
            "swe_paired_localisation": paired_resolve(summary, arm, "repo_gold_in_top5")}
