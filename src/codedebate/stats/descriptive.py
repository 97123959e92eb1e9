"""Descriptive tables over summary records, one row per configuration (x difficulty)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from codedebate.stats.paired import TOL

CONFIG_KEYS = ["task_set", "experiment", "mode"]
DIFFICULTIES = ["easy", "medium", "hard", "extreme"]
SOLVED = 1.0 - TOL  # a pass rate this high counts as fully solved (TOL: see paired.py)
BOOTSTRAP_RESAMPLES = 2000
CI_NOTE = (f"ci_low, ci_high: 95% percentile bootstrap interval of the mean over tasks "
           f"({BOOTSTRAP_RESAMPLES} resamples, seed 0); it stays within [0, 1]")


def _f(df: pd.DataFrame, col: str) -> pd.Series:
    """A column as plain float (NA -> NaN)."""
    return df[col].astype("Float64").astype(float)


def as_text(values: pd.Series) -> pd.Series:
    """A key column as plain str ('' for missing), so groupby and comparisons never drop rows."""
    return values.astype("string").fillna("").astype(str)


def _keys(df: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """df with the grouping keys as plain str (see :func:`as_text`)."""
    out = df.copy()
    for key in keys:
        out[key] = as_text(out[key])
    return out


def bootstrap_mean_ci(values: np.ndarray, confidence: float = 0.95,
                      resamples: int = BOOTSTRAP_RESAMPLES, seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean: inside [min, max] of the values, so the
    interval of a pass rate stays in [0, 1] (a t-interval of two runs can reach 1.65). NaN for n < 2."""
    v = np.asarray(values, float)
    v = v[~np.isnan(v)]
    if v.size < 2:
        return float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    means = v[rng.integers(0, v.size, size=(resamples, v.size))].mean(axis=1)
    tail = (1.0 - confidence) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1.0 - tail))


def _ci(group: pd.DataFrame, value: str) -> tuple[float, float]:
    """Bootstrap interval over tasks (repeats of a task averaged first)."""
    return bootstrap_mean_ci(group[value].groupby(group["task_id"].astype(str)).mean().to_numpy(float))


def difficulty_rank(difficulty: pd.Series) -> pd.Series:
    """Sort key of difficulties: easy < medium < hard < extreme < anything else."""
    rank = {d: i for i, d in enumerate(DIFFICULTIES)}
    return difficulty.map(lambda d: rank.get(d, len(rank)))


def _order_difficulty(df: pd.DataFrame) -> pd.DataFrame:
    order = difficulty_rank(df["difficulty"])
    return df.assign(_o=order).sort_values([*[k for k in CONFIG_KEYS if k in df], "_o"]).drop(
        columns="_o"
    )


def config_means(summary: pd.DataFrame) -> pd.DataFrame:
    """Mean final pass rate (95% bootstrap CI over tasks), share fully solved and runs per configuration."""
    df = _keys(summary, CONFIG_KEYS)
    df["_final"] = _f(df, "final_pass_rate")
    rows = []
    for key, g in df.groupby(CONFIG_KEYS, sort=True):
        low, high = _ci(g, "_final")
        rows.append({
            **dict(zip(CONFIG_KEYS, key)),
            "agent_models": _one(g["agent_models"]), "judge_model": _one(g["judge_model"]),
            "runs": len(g), "tasks": g["task_id"].nunique(),
            "mean_final_pass_rate": g["_final"].mean(), "ci_low": low, "ci_high": high,
            "share_solved": (g["_final"] >= SOLVED).mean(),
            "mean_best_initial": _f(g, "best_initial_pass_rate").mean(),
            "mean_avg_initial": _f(g, "avg_initial_pass_rate").mean(),
        })
    table = pd.DataFrame(rows)
    table.attrs["caption"] = CI_NOTE
    return table


def _one(values: pd.Series) -> str:
    """The single value of a column in a group, or 'mixed (N)'."""
    uniq = values.astype("string").fillna("").unique()
    return str(uniq[0]) if len(uniq) == 1 else f"mixed ({len(uniq)})"


def solo_models(summary: pd.DataFrame) -> pd.DataFrame:
    """Mean final pass rate of each solo model per task set."""
    solo = _keys(summary[summary["mode"] == "solo"], ["task_set", "experiment", "agent_models"])
    solo["_final"] = _f(solo, "final_pass_rate")
    grouped = solo.groupby(["task_set", "experiment", "agent_models"])["_final"]
    out = grouped.agg(runs="size", mean_final_pass_rate="mean").reset_index()
    out["share_solved"] = grouped.apply(lambda s: (s >= SOLVED).mean()).to_numpy()
    return out.rename(columns={"agent_models": "model"})


def by_difficulty(summary: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and difficulty: runs, mean final pass rate, share fully solved."""
    df = _keys(summary, [*CONFIG_KEYS, "difficulty"])
    df["_final"] = _f(df, "final_pass_rate")
    df["_best1"] = _f(df, "best_initial_pass_rate")
    grouped = df.groupby([*CONFIG_KEYS, "difficulty"])
    out = grouped.agg(
        runs=("_final", "size"), mean_final_pass_rate=("_final", "mean"),
        share_solved=("_final", lambda s: (s >= SOLVED).mean()),
        mean_best_initial=("_best1", "mean"),
    ).reset_index()
    return _order_difficulty(out).reset_index(drop=True)


def final_vs_round1(summary: pd.DataFrame) -> pd.DataFrame:
    """Counts of runs whose final answer is higher / equal / lower than the best round-1 proposal."""
    df = _keys(summary[summary["mode"] != "solo"], CONFIG_KEYS)
    d = _f(df, "final_pass_rate") - _f(df, "best_initial_pass_rate")
    df = df.assign(
        higher=d > TOL, equal=d.abs() <= TOL, lower=d < -TOL,
        _final=_f(df, "final_pass_rate"), _best1=_f(df, "best_initial_pass_rate"),
    )
    out = df.groupby(CONFIG_KEYS).agg(
        runs=("higher", "size"), higher=("higher", "sum"), equal=("equal", "sum"),
        lower=("lower", "sum"), mean_best_initial=("_best1", "mean"),
        mean_final_pass_rate=("_final", "mean"),
    ).reset_index()
    out["mean_gain"] = out["mean_final_pass_rate"] - out["mean_best_initial"]
    return out


def recovery(summary: pd.DataFrame) -> pd.DataFrame:
    """Where the debate took runs that round 1 left unsolved.

    solved_round1: best round-1 proposal passes all; recovered: round 1 < 1 and final = 1;
    improved_partial: final > round 1 but < 1; unchanged: round 1 < 1 and final = round 1;
    worse: final < round 1 (possible only when the final answer is not the best).
    """
    df = _keys(summary[summary["mode"] != "solo"], CONFIG_KEYS)
    b1, fin = _f(df, "best_initial_pass_rate"), _f(df, "final_pass_rate")
    open_ = b1 < SOLVED
    df = df.assign(
        solved_round1=~open_, recovered=open_ & (fin >= SOLVED),
        improved_partial=open_ & (fin > b1 + TOL) & (fin < SOLVED),
        unchanged=open_ & ((fin - b1).abs() <= TOL), worse=fin < b1 - TOL,
    )
    cols = ["solved_round1", "recovered", "improved_partial", "unchanged", "worse"]
    out = df.groupby(CONFIG_KEYS)[cols].sum().reset_index()
    out.insert(len(CONFIG_KEYS), "runs", df.groupby(CONFIG_KEYS).size().to_numpy())
    out["recovery_rate"] = out["recovered"] / (out["runs"] - out["solved_round1"]).replace(0, np.nan)
    return out


def costs(summary: pd.DataFrame, by_difficulty_too: bool = True) -> pd.DataFrame:
    """Mean and median duration, model time, rounds and tokens per configuration (x difficulty)."""
    keys = [*CONFIG_KEYS, "difficulty"] if by_difficulty_too else CONFIG_KEYS
    df = _keys(summary, keys)
    for col in ("duration_seconds", "total_llm_time", "total_rounds", "total_tokens",
                "prompt_tokens", "completion_tokens"):
        df[f"_{col}"] = _f(df, col)
    out = df.groupby(keys).agg(
        runs=("_duration_seconds", "size"),
        mean_duration_s=("_duration_seconds", "mean"),
        median_duration_s=("_duration_seconds", "median"),
        mean_llm_time_s=("_total_llm_time", "mean"),
        mean_rounds=("_total_rounds", "mean"),
        mean_prompt_tokens=("_prompt_tokens", "mean"),
        mean_completion_tokens=("_completion_tokens", "mean"),
        mean_total_tokens=("_total_tokens", "mean"),
    ).reset_index()
    return _order_difficulty(out).reset_index(drop=True) if by_difficulty_too else out


def code_quality(summary: pd.DataFrame) -> pd.DataFrame:
    """Pylint score and Radon complexity of round-1 proposals (mean) vs the final answer."""
    df = _keys(summary, CONFIG_KEYS)
    for col in ("initial_avg_pylint", "final_pylint", "initial_avg_complexity", "final_complexity"):
        df[f"_{col}"] = _f(df, col)
    out = df.groupby(CONFIG_KEYS).agg(
        runs=("_final_pylint", "size"),
        pylint_before=("_initial_avg_pylint", "mean"), pylint_after=("_final_pylint", "mean"),
        complexity_before=("_initial_avg_complexity", "mean"),
        complexity_after=("_final_complexity", "mean"),
    ).reset_index()
    out["pylint_change"] = out["pylint_after"] - out["pylint_before"]
    out["complexity_change"] = out["complexity_after"] - out["complexity_before"]
    return out


def visible_vs_hidden(summary: pd.DataFrame) -> pd.DataFrame:
    """Visible and hidden-test pass rates side by side (hidden NaN where runs had none)."""
    df = _keys(summary, CONFIG_KEYS)
    for col in ("final_pass_rate", "hidden_pass_rate", "best_initial_pass_rate",
                "best_initial_hidden_pass_rate"):
        df[f"_{col}"] = _f(df, col)
    out = df.groupby(CONFIG_KEYS).agg(
        runs=("_final_pass_rate", "size"),
        runs_with_hidden=("_hidden_pass_rate", "count"),
        final_visible=("_final_pass_rate", "mean"), final_hidden=("_hidden_pass_rate", "mean"),
        best_initial_visible=("_best_initial_pass_rate", "mean"),
        best_initial_hidden=("_best_initial_hidden_pass_rate", "mean"),
    ).reset_index()
    out["visible_minus_hidden"] = out["final_visible"] - out["final_hidden"]
    return out
