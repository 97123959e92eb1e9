"""Figures in the spirit of thesis Fig. 6 (solo models vs debate) and Fig. 9 (by difficulty)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import seaborn as sns
from matplotlib.figure import Figure

from codedebate.stats.descriptive import as_text
from codedebate.stats.figures import save
from codedebate.stats.load import Records
from codedebate.stats.thesis_units import CONFIGS, MAIN, SOLO_EXPERIMENT, difficulties, runs_of, task_pairs


def figure_06(records: Records) -> Figure:
    """Mean final pass rate on tasks/ of each solo model and each debate configuration (95% CI)."""
    s = records.summary
    solo = runs_of(s, SOLO_EXPERIMENT)
    debate = runs_of(s, MAIN["tasks"])
    label = {exp: name for name, exp, _ in CONFIGS}
    data = pd.concat([
        pd.DataFrame({"entry": as_text(solo["agent_models"]).to_numpy(), "kind": "Solo model",
                      "pass_rate": solo["final_pass_rate"].astype(float).to_numpy()}),
        pd.DataFrame({"entry": [f"Debate: {label[e]}" for e in as_text(debate["experiment"])],
                      "kind": "Debate configuration",
                      "pass_rate": debate["final_pass_rate"].astype(float).to_numpy()}),
    ], ignore_index=True)
    order = data.groupby("entry")["pass_rate"].mean().sort_values().index.tolist()
    fig = Figure(figsize=(8, 5), layout="constrained")
    ax = fig.subplots()
    sns.barplot(data=data, y="entry", x="pass_rate", hue="kind", order=order, orient="h",
                hue_order=["Solo model", "Debate configuration"], errorbar=("ci", 95), seed=0, ax=ax)
    ax.set(xlabel="Mean final pass rate (tasks/, 60 tasks)", ylabel="", xlim=(0, 1.0))
    ax.legend(title=None, loc="lower right")
    fig.suptitle("Solo models vs debate configurations (95% bootstrap CI)")
    return fig


def figure_09(records: Records) -> Figure:
    """Baseline vs debate by difficulty, both suites pooled, each (suite, task) pair weighted equally."""
    pairs = task_pairs(records)
    long = pairs.melt(id_vars=["suite", "task_id", "difficulty"], value_vars=["baseline", "debate"],
                      var_name="series", value_name="pass_rate")
    long["series"] = long["series"].map({"baseline": "Baseline", "debate": "Debate (mean of 4 configurations)"})
    fig = Figure(figsize=(7.5, 4.5), layout="constrained")
    ax = fig.subplots()
    sns.barplot(data=long, x="difficulty", y="pass_rate", hue="series", order=difficulties(pairs["difficulty"]),
                errorbar=("ci", 95), seed=0, ax=ax)
    ax.set(xlabel="Difficulty", ylabel="Mean final pass rate", ylim=(0, 1.05))
    ax.legend(title=None, loc="lower left")
    fig.suptitle("Baseline vs debate by difficulty (tasks/ and tasks2/, 95% bootstrap CI)")
    return fig


THESIS_FIGURE_BUILDERS = {"figure_06": figure_06, "figure_09": figure_09}


def write_thesis_figures(records: Records, outdir: Path | str) -> list[Path]:
    """Save every thesis figure as PNG and PDF; returns the paths written."""
    with sns.axes_style("whitegrid"):
        return [p for name, build in THESIS_FIGURE_BUILDERS.items() for p in save(build(records), outdir, name)]
