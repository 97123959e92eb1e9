"""Paired comparison families: debate vs solo, final vs round 1, judge vs no judge, A vs B."""

from __future__ import annotations

import pandas as pd

from codedebate.stats.descriptive import as_text
from codedebate.stats.paired import pair_by_task, paired_family, paired_test, per_task_values


def debate_experiments(summary: pd.DataFrame) -> list[tuple[str, str]]:
    """(task_set, experiment) of every debate configuration, sorted."""
    debates = summary[summary["mode"] != "solo"]
    pairs = set(zip(as_text(debates["task_set"]), as_text(debates["experiment"])))
    return sorted(pairs)


def _runs(summary: pd.DataFrame, task_set: str, experiment: str) -> pd.DataFrame:
    return summary[(as_text(summary["task_set"]) == task_set) & (as_text(summary["experiment"]) == experiment)]


def debate_vs_solo(summary: pd.DataFrame) -> pd.DataFrame:
    """Each debate configuration vs the solo baseline (all solo runs of its task set, per-task mean)."""
    rows = []
    solo = summary[summary["mode"] == "solo"]
    for task_set, exp in debate_experiments(summary):
        base_runs = solo[as_text(solo["task_set"]) == task_set]
        if base_runs.empty:
            continue
        a, b, _ = pair_by_task(
            per_task_values(_runs(summary, task_set, exp)), per_task_values(base_runs)
        )
        rows.append({"task_set": task_set, "a": exp, "b": "solo (mean over solo runs)",
                     "result": paired_test(a, b)})
    return paired_family(rows, "debate_vs_solo")


def final_vs_round1(summary: pd.DataFrame, baseline: str = "best_initial_pass_rate") -> pd.DataFrame:
    """Each debate configuration's final answer vs its own round-1 proposals, paired by task.

    baseline "best_initial_pass_rate": the best round-1 proposal (best-of-N selection);
    "avg_initial_pass_rate": the mean round-1 proposal (the thesis's tasks2 baseline).
    """
    label = {"best_initial_pass_rate": "best round-1", "avg_initial_pass_rate": "mean round-1"}[baseline]
    rows = []
    for task_set, exp in debate_experiments(summary):
        runs = _runs(summary, task_set, exp)
        a, b, _ = pair_by_task(per_task_values(runs, "final_pass_rate"), per_task_values(runs, baseline))
        rows.append({"task_set": task_set, "a": f"{exp} final", "b": f"{exp} {label}",
                     "result": paired_test(a, b)})
    return paired_family(rows, f"final_vs_{label.replace(' ', '_').replace('-', '')}")


def compare_experiments(
    summary: pd.DataFrame, pairs: list[tuple[str, str]], family: str,
    value: str = "final_pass_rate",
) -> pd.DataFrame:
    """Experiment a vs experiment b, paired by task (repeats averaged), for each (a, b)."""
    rows = []
    exps = as_text(summary["experiment"])
    for a_name, b_name in pairs:
        ra, rb = summary[exps == a_name], summary[exps == b_name]
        if ra.empty or rb.empty:
            missing = a_name if ra.empty else b_name
            raise KeyError(f"{family}: no runs of experiment {missing!r}")
        a, b, _ = pair_by_task(per_task_values(ra, value), per_task_values(rb, value))
        rows.append({"task_set": as_text(ra["task_set"]).iloc[0], "a": a_name, "b": b_name,
                     "result": paired_test(a, b)})
    return paired_family(rows, family)


def judge_pairs(summary: pd.DataFrame) -> list[tuple[str, str]]:
    """(judged, unjudged) experiment pairs with the same proposers and task set.

    Only unambiguous pairs: exactly one unjudged debate experiment for that proposer set.
    """
    debates = summary[summary["mode"] != "solo"]
    meta = pd.DataFrame({
        "task_set": as_text(debates["task_set"]), "agents": as_text(debates["agent_models"]),
        "judge": as_text(debates["judge_model"]), "experiment": as_text(debates["experiment"]),
    }).drop_duplicates("experiment")
    pairs = []
    for _, g in meta.groupby(["task_set", "agents"]):
        plain = g[g["judge"] == ""]["experiment"].tolist()
        if len(plain) != 1:
            continue
        pairs.extend((e, plain[0]) for e in g[g["judge"] != ""]["experiment"])
    return sorted(pairs)


def judge_effect(summary: pd.DataFrame, pairs: list[tuple[str, str]] | None = None) -> pd.DataFrame:
    """Judged vs unjudged debate with the same proposers, paired by task."""
    pairs = judge_pairs(summary) if pairs is None else pairs
    return compare_experiments(summary, pairs, "judge_vs_no_judge")
