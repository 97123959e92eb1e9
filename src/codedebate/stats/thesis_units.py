"""The units the thesis's tables average over: its configurations, pools, baselines and task pairs.

A (suite, task) pair is one task of tasks/ or tasks2/; the thesis weights every pair equally.
Baseline of a pair: the mean of its solo runs (tasks/) or of its round-1 proposals in the four
main debates (tasks2/, which had no solo job). Debate of a pair: the mean over the four main
debate configurations of the pair's final pass rate.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from codedebate.stats.descriptive import as_text, difficulty_rank
from codedebate.stats.load import Records

SOLO_EXPERIMENT = "all6_solo"
SUITES = ("tasks", "tasks2")
MAIN = {
    "tasks": ["7b_no_judge", "7b_judge", "9b_no_judge", "9b_judge"],
    "tasks2": ["7b_no_judge2", "7b_judge2", "9b_no_judge2", "9b_judge2"],
}
R1_JUDGE = ["7b_judge2_r1", "9b_judge2_r1"]
#: the 600 debates: every debate configuration except the adaptive-temperature ablation
DEBATES = [*MAIN["tasks"], *MAIN["tasks2"], *R1_JUDGE]
#: (label, tasks/ experiment, tasks2/ experiment) of the four main configurations
CONFIGS = [
    ("7b, no judge", "7b_no_judge", "7b_no_judge2"),
    ("7b, judge", "7b_judge", "7b_judge2"),
    ("9b, no judge", "9b_no_judge", "9b_no_judge2"),
    ("9b, judge", "9b_judge", "9b_judge2"),
]
#: proposer pools: Pool A (7b tags), Pool B (9b tags)
POOLS = {
    "A": "qwen2.5-coder:7b, deepseek-coder:6.7b, codellama:7b-instruct",
    "B": "granite-code:8b, codegeex4:9b, yi-coder:9b",
}
ROUND_DECIMALS = 4  # the per-round export rounds pass rates to 4 decimals


def runs_of(df: pd.DataFrame, names: list[str] | str) -> pd.DataFrame:
    """Rows of the given experiment(s)."""
    names = [names] if isinstance(names, str) else names
    return df[as_text(df["experiment"]).isin(names)]


def per_task(df: pd.DataFrame, value: str) -> pd.Series:
    """Mean of ``value`` per task id."""
    return df[value].astype(float).groupby(as_text(df["task_id"])).mean()


def task_difficulty(records: Records) -> pd.Series:
    """Difficulty of each (task_set, task_id)."""
    s = records.summary
    keys = pd.MultiIndex.from_arrays([as_text(s["task_set"]), as_text(s["task_id"])])
    return pd.Series(as_text(s["difficulty"]).to_numpy(), index=keys).groupby(level=[0, 1]).first()


def round1(records: Records, experiments: list[str]) -> pd.DataFrame:
    """Round-1 proposals (per-round rows) of the given experiments."""
    r = runs_of(records.per_round, experiments)
    return r[r["round_num"].astype(int) == 1]


def baseline_per_task(records: Records, suite: str) -> pd.Series:
    """The thesis baseline of each task of a suite (see the module docstring)."""
    if suite == "tasks":
        return per_task(runs_of(records.summary, SOLO_EXPERIMENT), "final_pass_rate")
    return per_task(round1(records, MAIN[suite]), "pass_rate")


def config_per_task(records: Records, experiment: str, value: str = "final_pass_rate") -> pd.Series:
    """One configuration's value per task."""
    return per_task(runs_of(records.summary, experiment), value)


def debate_per_task(records: Records, suite: str) -> pd.Series:
    """Mean over the four main debate configurations of each task's final pass rate."""
    return pd.concat([config_per_task(records, e) for e in MAIN[suite]], axis=1).mean(axis=1)


def task_pairs(records: Records) -> pd.DataFrame:
    """One row per (suite, task): difficulty, baseline, debate (the equal-weight unit of Tables 6-9)."""
    diff = task_difficulty(records)
    parts = []
    for suite in SUITES:
        base, deb = baseline_per_task(records, suite), debate_per_task(records, suite)
        tasks = sorted(set(base.index) & set(deb.index))
        parts.append(pd.DataFrame({
            "suite": suite, "task_id": tasks,
            "difficulty": [diff.get((suite, t), "") for t in tasks],
            "baseline": base.loc[tasks].to_numpy(float), "debate": deb.loc[tasks].to_numpy(float),
        }))
    out = pd.concat(parts, ignore_index=True)
    return out.assign(_o=difficulty_rank(out["difficulty"])).sort_values(
        ["suite", "_o", "task_id"]).drop(columns="_o").reset_index(drop=True)


def difficulties(values: pd.Series) -> list[str]:
    """The difficulties present, easiest first."""
    uniq = pd.Series(sorted(set(values)))
    return list(uniq.iloc[np.argsort(difficulty_rank(uniq).to_numpy(), kind="stable")])


def captioned(df: pd.DataFrame, caption: str) -> pd.DataFrame:
    """df with a caption that the Markdown file prints under its title."""
    df.attrs["caption"] = caption
    return df
