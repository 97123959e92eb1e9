"""Thesis Tables 6, 7, 8, 9 and 11 in the thesis's own rows and columns (pass rates)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from codedebate.stats.descriptive import SOLVED, as_text
from codedebate.stats.load import Records
from codedebate.stats.paired import win_tie_loss
from codedebate.stats.thesis_units import (
    CONFIGS, DEBATES, MAIN, ROUND_DECIMALS, SOLO_EXPERIMENT, SUITES, baseline_per_task, captioned,
    config_per_task, difficulties, round1, runs_of, task_pairs,
)

# thesis Table 6, from ../shared/thesis-results/README.md: (row, suite) -> published mean
PUBLISHED_TABLE6 = {
    ("Baseline", "tasks"): 0.664, ("Baseline", "tasks2"): 0.439,
    ("7b, no judge", "tasks"): 0.866, ("7b, judge", "tasks"): 0.890,
    ("9b, no judge", "tasks"): 0.888, ("9b, judge", "tasks"): 0.922,
    ("7b, no judge", "tasks2"): 0.776, ("7b, judge", "tasks2"): 0.771,
    ("9b, no judge", "tasks2"): 0.761, ("9b, judge", "tasks2"): 0.722,
}


def _row(label: str, per_suite: dict[str, pd.Series]) -> dict[str, object]:
    combined = pd.concat(list(per_suite.values()))
    return {
        "configuration": label,
        "tasks/": float(per_suite["tasks"].mean()), "tasks2/": float(per_suite["tasks2"].mean()),
        "combined (120 pairs)": float(combined.mean()), "pairs": int(combined.size),
        "published tasks/": PUBLISHED_TABLE6.get((label, "tasks"), np.nan),
        "published tasks2/": PUBLISHED_TABLE6.get((label, "tasks2"), np.nan),
    }


def table_06(records: Records) -> pd.DataFrame:
    """Table 6: mean final pass rate per configuration on tasks/, tasks2/ and both (120 pairs)."""
    rows = [_row("Baseline", {s: baseline_per_task(records, s) for s in SUITES})]
    for label, exp1, exp2 in CONFIGS:
        rows.append(_row(label, {"tasks": config_per_task(records, exp1),
                                 "tasks2": config_per_task(records, exp2)}))
    pairs = task_pairs(records)
    rows.append(_row("Debate (mean of the 4)", {s: pairs[pairs["suite"] == s]["debate"] for s in SUITES}))
    return captioned(pd.DataFrame(rows), (
        "Mean final pass rate, every (suite, task) pair weighted equally. Baseline: tasks/ the 360 "
        "solo runs (6 models x 60 tasks), tasks2/ the round-1 proposals of its four main debates. "
        "Combined: mean over the 120 pairs."))


def table_07(records: Records) -> pd.DataFrame:
    """Table 7: per task, the mean of the 4 debate configurations vs the baseline (wins/ties/losses)."""
    pairs = task_pairs(records)
    rows = []
    for label, part in [("tasks/", pairs[pairs["suite"] == "tasks"]),
                        ("tasks2/", pairs[pairs["suite"] == "tasks2"]), ("combined", pairs)]:
        wins, ties, losses = win_tie_loss(part["debate"].to_numpy(), part["baseline"].to_numpy())
        rows.append({"suite": label, "tasks": len(part), "wins": wins, "ties": ties, "losses": losses,
                     "baseline": part["baseline"].mean(), "debate": part["debate"].mean(),
                     "delta_pp": 100 * (part["debate"].mean() - part["baseline"].mean())})
    return captioned(pd.DataFrame(rows), (
        "Per task: the mean final pass rate of the 4 main debate configurations vs the baseline "
        "(Table 6). A win/loss differs by more than 0.001; closer is a tie."))


def table_08(records: Records) -> pd.DataFrame:
    """Table 8: baseline vs debate by difficulty, both suites pooled, every pair weighted equally."""
    pairs = task_pairs(records)
    rows = []
    for diff in [*difficulties(pairs["difficulty"]), "all"]:
        part = pairs if diff == "all" else pairs[pairs["difficulty"] == diff]
        rows.append({"difficulty": diff, "pairs": len(part), "baseline": part["baseline"].mean(),
                     "debate": part["debate"].mean(),
                     "delta_pp": 100 * (part["debate"].mean() - part["baseline"].mean())})
    return captioned(pd.DataFrame(rows), (
        "Pooled over tasks/ and tasks2/, every (suite, task) pair weighted equally. Baseline: solo "
        "runs (tasks/) and round-1 proposals of the four main debates (tasks2/); debate: the 4 main "
        "configurations of each suite. delta_pp = debate - baseline in percentage points."))


def _solved_share(values: pd.Series, difficulty: pd.Series, diff: str) -> float:
    part = values if diff == "all" else values[difficulty.to_numpy() == diff]
    return float((part.astype(float) >= SOLVED).mean()) if len(part) else np.nan


def table_09(records: Records) -> pd.DataFrame:
    """Table 9: share fully solved by difficulty (tasks/ solo -> debate; tasks2/ round-1 -> debate)."""
    s = records.summary
    series = {
        "tasks/ solo": runs_of(s, SOLO_EXPERIMENT),
        "tasks/ debate": runs_of(s, MAIN["tasks"]),
        "tasks2/ round-1": round1(records, MAIN["tasks2"]).rename(columns={"pass_rate": "final_pass_rate"}),
        "tasks2/ debate": runs_of(s, MAIN["tasks2"]),
    }
    all_diffs = difficulties(as_text(s["difficulty"]))
    rows = []
    for diff in [*all_diffs, "all"]:
        row: dict[str, object] = {"difficulty": diff}
        for name, df in series.items():
            row[name] = _solved_share(df["final_pass_rate"], as_text(df["difficulty"]), diff)
        rows.append(row)
    return captioned(pd.DataFrame(rows), (
        "Share of attempts that pass every test: solo runs, round-1 proposals, or debate final "
        "answers (4 main configurations). Empty: the suite has no task of that difficulty."))


def table_11(records: Records) -> pd.DataFrame:
    """Table 11: final answer vs best round-1 proposal over the 600 debates (higher/equal/lower)."""
    s = runs_of(records.summary, DEBATES)
    best1 = round1(records, DEBATES).groupby(as_text(round1(records, DEBATES)["debate_id"]))["pass_rate"].max()
    final = s["final_pass_rate"].astype(float).round(ROUND_DECIMALS).to_numpy()
    best = best1.reindex(as_text(s["debate_id"])).to_numpy(float)
    df = pd.DataFrame({"experiment": as_text(s["experiment"]).to_numpy(), "d": final - best})
    rows = []
    for name in [*DEBATES, "all"]:
        d = df["d"] if name == "all" else df[df["experiment"] == name]["d"]
        rows.append({"configuration": name, "runs": len(d), "higher": int((d > 0).sum()),
                     "equal": int((d == 0).sum()), "lower": int((d < 0).sum())})
    return captioned(pd.DataFrame(rows), (
        "Each debate's final pass rate vs its best round-1 proposal, compared after rounding the "
        "final pass rate to 4 decimals as the per-round export does (no tolerance)."))
