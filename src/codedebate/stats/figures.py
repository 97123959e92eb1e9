"""Seaborn figures over run records, each saved as PNG and PDF.

Figures are plain :class:`matplotlib.figure.Figure` objects saved through matplotlib's Agg
renderer; pyplot is never imported, so no display is needed and the caller's backend (e.g. a
notebook's inline backend) is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import seaborn as sns
from matplotlib.figure import Figure

from codedebate.stats.descriptive import DIFFICULTIES, as_text
from codedebate.stats.load import Records
from codedebate.stats.outputs import FIGURE_FORMATS

PASS_LABEL = "Visible-test pass rate"


def _plain(summary: pd.DataFrame) -> pd.DataFrame:
    """Summary with plain str keys and float values, for seaborn."""
    out = pd.DataFrame({
        key: as_text(summary[key])
        for key in ("task_set", "experiment", "mode", "difficulty", "agent_models", "task_id")
    })
    for col in ("final_pass_rate", "best_initial_pass_rate", "avg_initial_pass_rate",
                "duration_seconds", "total_tokens"):
        out[col] = summary[col].astype("Float64").astype(float)
    return out


def _facets(task_sets: list[str], width: float = 6.0, height: float = 4.5) -> tuple[Figure, list]:
    n = max(len(task_sets), 1)
    fig = Figure(figsize=(width * n, height), layout="constrained")
    axes = fig.subplots(1, n, squeeze=False)[0]
    return fig, list(axes)


def _empty(message: str) -> Figure:
    fig = Figure(figsize=(6, 3), layout="constrained")
    ax = fig.subplots()
    ax.text(0.5, 0.5, message, ha="center", va="center")
    ax.set_axis_off()
    return fig


def pass_rate_by_difficulty(records: Records) -> Figure:
    """Mean pass rate per difficulty: solo baseline, best round-1 proposal and debate final."""
    s = _plain(records.summary)
    parts = [
        s[s["mode"] == "solo"].assign(series="Solo baseline", value=lambda d: d["final_pass_rate"]),
        s[s["mode"] != "solo"].assign(series="Debate: best round-1 proposal",
                                      value=lambda d: d["best_initial_pass_rate"]),
        s[s["mode"] != "solo"].assign(series="Debate: final answer",
                                      value=lambda d: d["final_pass_rate"]),
    ]
    long = pd.concat(parts, ignore_index=True)
    task_sets = sorted(long["task_set"].unique())
    fig, axes = _facets(task_sets)
    for ax, task_set in zip(axes, task_sets):
        data = long[long["task_set"] == task_set]
        order = [d for d in DIFFICULTIES if d in set(data["difficulty"])]
        sns.barplot(data=data, x="difficulty", y="value", hue="series", order=order,
                    errorbar=("ci", 95), ax=ax, seed=0)
        ax.set(title=f"Task set: {task_set or '(unnamed)'}", xlabel="Difficulty",
               ylabel=PASS_LABEL, ylim=(0, 1.05))
        ax.legend(title=None, fontsize="small", loc="lower left")
    fig.suptitle("Pass rate by difficulty (error bars: 95% CI over runs)")
    return fig


def configuration_bars(records: Records) -> Figure:
    """Mean final pass rate per configuration with 95% CI error bars, one panel per task set."""
    s = _plain(records.summary)
    task_sets = sorted(s["task_set"].unique())
    fig, axes = _facets(task_sets, width=6.5, height=max(3.0, 0.45 * s["experiment"].nunique() + 1))
    for ax, task_set in zip(axes, task_sets):
        data = s[s["task_set"] == task_set]
        order = data.groupby("experiment")["final_pass_rate"].mean().sort_values().index.tolist()
        sns.barplot(data=data, y="experiment", x="final_pass_rate", order=order, hue="mode",
                    errorbar=("ci", 95), ax=ax, seed=0, orient="h")
        ax.set(title=f"Task set: {task_set or '(unnamed)'}", xlabel="Mean final " + PASS_LABEL.lower(),
               ylabel="Configuration", xlim=(0, 1.05))
        ax.legend(title="Mode", fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle("Final pass rate per configuration (95% CI)")
    return fig


def solo_vs_debate(records: Records) -> Figure:
    """Each solo model beside each debate configuration, on task sets that have solo runs."""
    s = _plain(records.summary)
    with_solo = sorted(s.loc[s["mode"] == "solo", "task_set"].unique())
    if not with_solo:
        return _empty("No solo runs in these records")
    s = s[s["task_set"].isin(with_solo)].copy()
    s["entry"] = np.where(s["mode"] == "solo", "solo: " + s["agent_models"], "debate: " + s["experiment"])
    s["kind"] = np.where(s["mode"] == "solo", "Solo model", "Debate configuration")
    fig, axes = _facets(with_solo, width=7.0, height=max(3.0, 0.4 * s["entry"].nunique() + 1))
    for ax, task_set in zip(axes, with_solo):
        data = s[s["task_set"] == task_set]
        order = data.groupby("entry")["final_pass_rate"].mean().sort_values().index.tolist()
        sns.barplot(data=data, y="entry", x="final_pass_rate", hue="kind", order=order,
                    hue_order=["Solo model", "Debate configuration"], errorbar=("ci", 95),
                    ax=ax, seed=0, orient="h")
        ax.set(title=f"Task set: {task_set}", xlabel="Mean final " + PASS_LABEL.lower(), ylabel="",
               xlim=(0, 1.05))
        ax.legend(title=None, fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle("Solo models vs debate configurations (95% CI)")
    return fig


def best_so_far_by_round(records: Records) -> pd.DataFrame:
    """Per debate run and round: best visible pass rate reached so far (carried past early stops)."""
    r, s = records.per_round, records.summary
    debates = s[s["mode"] != "solo"]
    if r.empty or debates.empty:
        return pd.DataFrame(columns=["debate_id", "round_num", "best_so_far", "experiment", "task_set"])
    rows = r[r["debate_id"].isin(set(debates["debate_id"]))]
    best = rows.assign(pass_rate=rows["pass_rate"].astype(float), round_num=rows["round_num"].astype(int))
    best = best.groupby(["debate_id", "round_num"])["pass_rate"].max().unstack()
    last = int(best.columns.max())
    best = best.reindex(columns=range(1, last + 1)).ffill(axis=1).cummax(axis=1)
    long = best.stack().rename("best_so_far").reset_index()
    meta = _plain(debates).set_index(debates["debate_id"].astype(str))[["experiment", "task_set"]]
    return long.join(meta, on="debate_id")


def pass_rate_by_round(records: Records) -> Figure:
    """Mean best-so-far pass rate after each round, per debate configuration."""
    long = best_so_far_by_round(records)
    if long.empty:
        return _empty("No debate per-round records")
    task_sets = sorted(long["task_set"].unique())
    fig, axes = _facets(task_sets)
    for ax, task_set in zip(axes, task_sets):
        data = long[long["task_set"] == task_set]
        sns.lineplot(data=data, x="round_num", y="best_so_far", hue="experiment", marker="o",
                     hue_order=sorted(data["experiment"].unique()), errorbar=None, ax=ax)
        ax.set(title=f"Task set: {task_set or '(unnamed)'}", xlabel="Round",
               ylabel="Mean best " + PASS_LABEL.lower() + " so far")
        ax.set_xticks(sorted(data["round_num"].unique()))
        ax.legend(title="Configuration", fontsize="x-small", loc="upper left",
                  bbox_to_anchor=(1.01, 1.0))
    fig.suptitle("Pass rate by round (runs that stopped early keep their last value)")
    return fig


def cost_vs_gain(records: Records) -> Figure:
    """Mean cost (tokens if every run has them, else seconds) vs mean gain per debate configuration.

    Gain: final pass rate minus the mean pass rate of the run's round-1 proposals.
    """
    s = _plain(records.summary)
    s = s[s["mode"] != "solo"]
    if s.empty:
        return _empty("No debate runs in these records")
    use_tokens = s["total_tokens"].notna().all()
    cost = "total_tokens" if use_tokens else "duration_seconds"
    s = s.assign(gain=s["final_pass_rate"] - s["avg_initial_pass_rate"])
    agg = s.groupby(["task_set", "experiment"]).agg(cost=(cost, "mean"), gain=("gain", "mean"))
    agg = agg.reset_index()
    fig = Figure(figsize=(7.5, 5), layout="constrained")
    ax = fig.subplots()
    sns.scatterplot(data=agg, x="cost", y="gain", hue="task_set", s=70, ax=ax)
    for row in agg.itertuples():
        ax.annotate(row.experiment, (row.cost, row.gain), fontsize="x-small",
                    xytext=(4, 3), textcoords="offset points")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set(xlabel="Mean tokens per run" if use_tokens else "Mean run duration (s)",
           ylabel="Mean gain over the mean round-1 proposal",
           title="Cost vs gain per debate configuration")
    ax.legend(title="Task set")
    return fig


FIGURES: dict[str, Callable[[Records], Figure]] = {
    "pass_rate_by_difficulty": pass_rate_by_difficulty,
    "configuration_bars": configuration_bars,
    "solo_vs_debate": solo_vs_debate,
    "pass_rate_by_round": pass_rate_by_round,
    "cost_vs_gain": cost_vs_gain,
}


def save(fig: Figure, outdir: Path | str, name: str) -> list[Path]:
    """Write outdir/name.png (150 dpi) and outdir/name.pdf."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in FIGURE_FORMATS:
        path = outdir / f"{name}.{fmt}"
        fig.savefig(path, dpi=150, format=fmt)
        paths.append(path)
    return paths


def write_figures(records: Records, outdir: Path | str) -> list[Path]:
    """Build and save every figure; returns the paths written."""
    with sns.axes_style("whitegrid"):
        return [p for name, build in FIGURES.items() for p in save(build(records), outdir, name)]
