"""Debate or vote? Protocols (experiments) on the same tasks and seeds, against a reference.

Reads summary records only; only the (task, seed) cells every experiment ran are compared. Per arm (one experiment): mean hidden and visible pass rate, fully
solved share, oracle share, mean tokens and model seconds per run, with bootstrap 95% intervals
over tasks. Against the reference: paired per-task differences (seeds averaged within a task)
with paired t and Wilcoxon, a bootstrap 95% interval over tasks and, within each task, over
seeds, and Holm's correction over the family of arms.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from codedebate.stats.descriptive import as_text
from codedebate.stats.paired import paired_test
from codedebate.stats.tables import write_table

#: Output names (without extension) of `codedebate compare`.
ARMS, DIFFERENCES, FIGURE = "compare_arms", "compare_differences", "cost_accuracy"
OUTPUT_FILES = (f"{ARMS}.csv", f"{ARMS}.md", f"{DIFFERENCES}.csv", f"{DIFFERENCES}.md",
                f"{FIGURE}.png", f"{FIGURE}.pdf")


class CompareError(ValueError):
    """The records cannot be compared as asked (unknown reference, no common task and seed)."""


@dataclass(frozen=True)
class CompareSettings:
    reference: str
    metric: str = "hidden_pass_rate"
    resamples: int = 10_000
    seed: int = 0


def _runs(summary: pd.DataFrame, metric: str) -> pd.DataFrame:
    """One row per run: arm, protocol, task, seed and the numbers compared (plain dtypes)."""
    seconds = summary["model_seconds"].astype("Float64")
    seconds = seconds.fillna(summary["total_llm_time"].astype("Float64"))  # records before model_seconds
    hidden = summary["hidden_pass_rate"].astype("Float64").astype(float)
    return pd.DataFrame({
        "arm": as_text(summary["experiment"]), "protocol": as_text(summary["protocol"]),
        "task_id": as_text(summary["task_id"]), "seed": summary["seed"].astype("Int64").astype(float),
        "value": summary[metric].astype("Float64").astype(float),
        "hidden": hidden, "visible": summary["final_pass_rate"].astype("Float64").astype(float),
        "solved": (hidden >= 1.0 - 1e-9).astype(float).where(~np.isnan(hidden)),
        "oracle": summary["oracle_hidden"].astype("boolean").astype("Float64").astype(float),
        "tokens": summary["total_tokens"].astype("Float64").astype(float),
        "seconds": seconds.astype(float),
    })


def resolve_reference(runs: pd.DataFrame, reference: str) -> str:
    """The reference arm: an experiment name, or a protocol name that exactly one experiment runs."""
    arms = sorted(set(runs["arm"]))
    if reference in arms:
        return reference
    by_protocol = sorted(set(runs.loc[runs["protocol"] == reference, "arm"]))
    if len(by_protocol) == 1:
        return by_protocol[0]
    hint = f"protocol '{reference}' is run by {by_protocol}" if by_protocol else f"known: {', '.join(arms)}"
    raise CompareError(f"--reference '{reference}' names no single experiment ({hint})")


def bootstrap_mean(task_seed: dict[str, np.ndarray], resamples: int, rng: np.random.Generator,
                   confidence: float = 0.95) -> tuple[float, float]:
    """Percentile interval of the mean over tasks of per-task means, resampling tasks and, within
    each drawn task, its seeds (a task with one seed keeps its value)."""
    tasks = [v[~np.isnan(v)] for v in task_seed.values()]
    tasks = [v for v in tasks if v.size]
    if len(tasks) < 2:
        return float("nan"), float("nan")
    means = np.empty(resamples)
    n = len(tasks)
    for i in range(resamples):
        picks = rng.integers(0, n, n)
        means[i] = np.mean([tasks[j][rng.integers(0, tasks[j].size, tasks[j].size)].mean() if tasks[j].size > 1
                            else tasks[j][0] for j in picks])
    alpha = (1 - confidence) / 2
    return float(np.quantile(means, alpha)), float(np.quantile(means, 1 - alpha))


def _by_task(frame: pd.DataFrame, column: str) -> dict[str, np.ndarray]:
    return {t: g.sort_values("seed")[column].to_numpy(float) for t, g in frame.groupby("task_id")}


def holm(pvalues: np.ndarray | list[float]) -> np.ndarray:
    """Holm-Bonferroni adjusted p-values (NaN stays NaN; m counts the non-NaN tests)."""
    p = np.asarray(pvalues, float)
    out = np.full(p.shape, np.nan)
    idx = np.where(~np.isnan(p))[0]
    order = idx[np.argsort(p[idx], kind="stable")]
    m, running = len(order), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def arm_table(runs: pd.DataFrame, settings: CompareSettings) -> pd.DataFrame:
    """Per arm: runs, tasks, seeds, mean pass rates, solved and oracle shares, tokens and seconds."""
    rng = np.random.default_rng(settings.seed)
    rows = []
    for arm, g in runs.groupby("arm", sort=True):
        low, high = bootstrap_mean(_by_task(g, "value"), settings.resamples, rng)
        tlow, thigh = bootstrap_mean(_by_task(g, "tokens"), settings.resamples, rng)
        rows.append({
            "experiment": arm, "protocol": ",".join(sorted(set(g["protocol"]))),
            "runs": len(g), "tasks": g["task_id"].nunique(), "seeds": g["seed"].nunique(),
            f"mean_{settings.metric}": g["value"].mean(), "ci_low": low, "ci_high": high,
            "mean_hidden_pass_rate": g["hidden"].mean(), "mean_visible_pass_rate": g["visible"].mean(),
            "solved_share": g["solved"].mean(), "oracle_share": g["oracle"].mean(),
            "mean_tokens": g["tokens"].mean(), "tokens_ci_low": tlow, "tokens_ci_high": thigh,
            "mean_model_seconds": g["seconds"].mean(),
        })
    table = pd.DataFrame(rows)
    table.attrs["caption"] = (f"Per experiment, over its runs. ci_low/ci_high: bootstrap 95% interval of the mean "
                              f"{settings.metric} over tasks (seeds resampled within tasks), {settings.resamples} "
                              "resamples; tokens_ci likewise for total tokens per run. solved_share: runs whose "
                              "answer passes every hidden test; oracle_share: runs where some candidate does.")
    return table


def difference_table(runs: pd.DataFrame, settings: CompareSettings) -> pd.DataFrame:
    """Each other arm minus the reference on the (task, seed) pairs both ran; Holm over the family."""
    reference = resolve_reference(runs, settings.reference)
    rng = np.random.default_rng(settings.seed + 1)
    ref = runs[runs["arm"] == reference].set_index(["task_id", "seed"])["value"]
    rows = []
    for arm, g in runs[runs["arm"] != reference].groupby("arm", sort=True):
        both = g.set_index(["task_id", "seed"])["value"].to_frame("a").join(ref.rename("b"), how="inner").dropna()
        if both.empty:
            raise CompareError(f"experiments '{arm}' and '{reference}' share no task and seed with a "
                               f"{settings.metric}; compare experiments run on the same tasks and seeds")
        per_task = both.groupby(level="task_id").mean()
        result = paired_test(per_task["a"].to_numpy(), per_task["b"].to_numpy())
        diffs = {t: (d["a"] - d["b"]).to_numpy(float) for t, d in both.groupby(level="task_id")}
        low, high = bootstrap_mean(diffs, settings.resamples, rng)
        rows.append({"experiment": arm, "reference": reference, "tasks": len(per_task), "pairs": len(both),
                     "mean": result.mean_a, "mean_reference": result.mean_b, "mean_diff": result.mean_diff,
                     "boot_ci_low": low, "boot_ci_high": high, "wins": result.wins, "ties": result.ties,
                     "losses": result.losses, "t": result.t, "p_t": result.p_t, "wilcoxon_w": result.wilcoxon_w,
                     "p_wilcoxon": result.p_wilcoxon, "cohens_dz": result.cohens_dz})
    columns = ["experiment", "reference", "tasks", "pairs", "mean", "mean_reference", "mean_diff", "boot_ci_low",
               "boot_ci_high", "wins", "ties", "losses", "t", "p_t", "wilcoxon_w", "p_wilcoxon", "cohens_dz"]
    table = pd.DataFrame(rows, columns=columns)
    table["p_t_holm"] = holm(table["p_t"])
    table["p_wilcoxon_holm"] = holm(table["p_wilcoxon"])
    table.attrs["caption"] = (f"{settings.metric}: each experiment minus '{reference}', paired on task and seed. "
                              "Tests on per-task means (seeds averaged); wins/ties/losses count tasks. "
                              "boot_ci: bootstrap 95% interval of the mean difference over tasks (seeds "
                              "resampled within tasks). Holm's correction over the experiments of this table.")
    return table


def cost_accuracy_figure(arms: pd.DataFrame, settings: CompareSettings) -> Figure:
    """Mean pass rate against mean tokens per run, with bootstrap intervals; the frontier joins
    the arms no other arm beats on both (fewer tokens, higher pass rate)."""
    fig = Figure(figsize=(7, 4.5), layout="constrained")
    ax = fig.subplots()
    y, x = arms[f"mean_{settings.metric}"].to_numpy(float), arms["mean_tokens"].to_numpy(float)
    yerr = np.abs(np.vstack([y - arms["ci_low"].to_numpy(float), arms["ci_high"].to_numpy(float) - y]))
    xerr = np.abs(np.vstack([x - arms["tokens_ci_low"].to_numpy(float), arms["tokens_ci_high"].to_numpy(float) - x]))
    ax.errorbar(x, y, xerr=np.nan_to_num(xerr), yerr=np.nan_to_num(yerr), fmt="o", capsize=3)
    labels: dict[tuple[float, float], list[str]] = {}  # arms at the same point share one label
    for xi, yi, name in zip(x, y, arms["experiment"]):
        labels.setdefault((round(float(xi), 1), round(float(yi), 4)), []).append(str(name))
    for (xi, yi), names in labels.items():
        ax.annotate("\n".join(names), (xi, yi), textcoords="offset points", xytext=(6, -4), fontsize=8, va="top")
    front = [i for i in range(len(x)) if not any((x[j] <= x[i] and y[j] >= y[i]) and (x[j] < x[i] or y[j] > y[i])
                                                 for j in range(len(x)))]
    front.sort(key=lambda i: x[i])
    if len({(x[i], y[i]) for i in front}) > 1:
        ax.plot(x[front], y[front], "--", color="grey", linewidth=1, label="cost-accuracy frontier")
        ax.legend(loc="lower right")
    ax.set_xlabel("Mean tokens per run (prompt + completion)")
    ax.set_ylabel(f"Mean {settings.metric.replace('_', ' ')} (95% bootstrap CI)")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(True, alpha=0.3)
    return fig


def compare(summary: pd.DataFrame, settings: CompareSettings) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(arms table, differences table) of summary records."""
    if settings.metric not in summary.columns:
        raise CompareError(f"records have no column '{settings.metric}'")
    runs = _runs(summary, settings.metric)
    resolve_reference(runs, settings.reference)
    common, dropped = common_cells(runs)
    arms = arm_table(common, settings)
    if dropped:
        arms.attrs["caption"] += (f" Only the (task, seed) cells every experiment ran are compared: {dropped} "
                                  "runs of cells some experiment lacks were left out.")
    return arms, difference_table(common, settings)


def common_cells(runs: pd.DataFrame) -> tuple[pd.DataFrame, int]:
    """The runs of the (task, seed) cells that every arm ran, and how many runs were left out."""
    cells = runs.groupby("arm")[["task_id", "seed"]].apply(lambda g: set(zip(g["task_id"], g["seed"])))
    shared = set.intersection(*cells) if len(cells) else set()
    keep = [cell in shared for cell in zip(runs["task_id"], runs["seed"])]
    if not any(keep):
        raise CompareError("the experiments share no (task, seed) cell; compare experiments run on the same "
                           "tasks and seeds")
    return runs[keep].reset_index(drop=True), len(runs) - sum(keep)


def write_compare(summary: pd.DataFrame, settings: CompareSettings, outdir: Path | str) -> list[Path]:
    """Write the two tables (CSV + Markdown) and the cost-accuracy figure (PNG + PDF) into outdir."""
    arms, diffs = compare(summary, settings)
    paths = write_table(arms, outdir, ARMS) + write_table(diffs, outdir, DIFFERENCES)
    fig = cost_accuracy_figure(arms, settings)
    for fmt in ("png", "pdf"):
        path = Path(outdir) / f"{FIGURE}.{fmt}"
        fig.savefig(path, dpi=150, format=fmt)
        paths.append(path)
    return paths
