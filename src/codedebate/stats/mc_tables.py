"""Accuracy tables of star/mesh (or any) runs and the paired star-vs-mesh comparison, from
summary records; plus the two topology figures.

A run is correct when ``final_correct`` is true (star/mesh); for runs of other protocols, when
every hidden test passes (code) or the final visible/gold verdict is full (multiple choice).
Standard error: std/sqrt(n) of the 0/1 outcomes (population std, i.e. sqrt(p(1-p)/n)).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from scipy import stats

from codedebate.stats import sycophancy
from codedebate.stats.load import Records


def correctness(summary: pd.DataFrame) -> pd.Series:
    """Per run: 1.0 correct, 0.0 wrong (see the module docstring for the rule)."""
    out = pd.Series(np.nan, index=summary.index, dtype=float)
    if "final_correct" in summary:
        fc = summary["final_correct"].astype("boolean")
        out[fc.notna()] = fc[fc.notna()].astype(float)
    hidden = summary["hidden_pass_rate"].astype("Float64")
    use = out.isna() & hidden.notna()
    out[use] = (hidden[use] >= 1.0).astype(float)
    use = out.isna()
    out[use] = (summary.loc[use, "final_pass_rate"].astype("Float64") >= 1.0).astype(float)
    return out


def _acc_row(values: pd.Series) -> dict[str, float]:
    n = len(values)
    p = float(values.mean()) if n else float("nan")
    se = float(values.std(ddof=0) / np.sqrt(n)) if n else float("nan")
    return {"n": n, "accuracy": p, "se": se}


def accuracy_table(summary: pd.DataFrame, arm: str = "experiment", by_subject: bool = False) -> pd.DataFrame:
    """Accuracy with standard error per arm (and per subject when asked)."""
    df = summary.assign(_correct=correctness(summary), _arm=summary[arm].astype(str))
    keys = ["_arm"] + (["_subject"] if by_subject else [])
    if by_subject:
        subj = df["subject"] if "subject" in df else pd.Series("", index=df.index)
        df["_subject"] = subj.fillna("").astype(str)
    rows = [{**dict(zip(keys, k if isinstance(k, tuple) else (k,))), **_acc_row(g["_correct"])}
            for k, g in df.groupby(keys, sort=True)]
    out = pd.DataFrame(rows)
    return out.rename(columns={"_arm": arm, "_subject": "subject"})


@dataclass(frozen=True)
class PairedAccuracy:
    """Star vs mesh (a vs b) on the same questions and seeds."""

    a: str
    b: str
    n: int
    accuracy_a: float
    accuracy_b: float
    diff: float  # accuracy_a - accuracy_b
    only_a: int  # questions a gets right and b wrong
    only_b: int
    mcnemar_p: float  # exact two-sided (binomial on the discordant pairs)
    boot_low: float
    boot_high: float

    def as_dict(self) -> dict[str, float | str | int]:
        return asdict(self)


def paired_outcomes(summary: pd.DataFrame, a: str, b: str, arm: str = "experiment") -> pd.DataFrame:
    """Per (task_id, seed) the 0/1 outcome of arm a and arm b (pairs present in both only)."""
    df = summary.assign(_correct=correctness(summary), _arm=summary[arm].astype(str))
    for name in (a, b):
        if not (df["_arm"] == name).any():
            raise ValueError(f"no runs with {arm} = {name!r} (have: {sorted(df['_arm'].unique())})")
    wide = (df[df["_arm"].isin([a, b])]
            .assign(task_id=lambda d: d["task_id"].astype(str), seed=lambda d: d["seed"].astype(int))
            .pivot_table(index=["task_id", "seed"], columns="_arm", values="_correct", aggfunc="first"))
    return wide.dropna().rename(columns={a: "a", b: "b"})[["a", "b"]]


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Exact McNemar p-value: two-sided binomial test of only_a vs only_b at p = 1/2."""
    n = only_a + only_b
    return 1.0 if n == 0 else float(stats.binomtest(only_a, n, 0.5).pvalue)


def paired_accuracy(summary: pd.DataFrame, a: str, b: str, arm: str = "experiment",
                    n_boot: int = 10_000, seed: int = 0, confidence: float = 0.95) -> PairedAccuracy:
    """McNemar on the per-question outcomes plus the percentile bootstrap interval of the
    accuracy difference (pairs resampled with ``numpy.random.default_rng(seed)``)."""
    pairs = paired_outcomes(summary, a, b, arm)
    x, y = pairs["a"].to_numpy(), pairs["b"].to_numpy()
    n = len(x)
    if n == 0:
        raise ValueError(f"{a!r} and {b!r} share no (task_id, seed) pairs")
    only_a, only_b = int(((x == 1) & (y == 0)).sum()), int(((x == 0) & (y == 1)).sum())
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(n_boot, n))
    diffs = x[idx].mean(axis=1) - y[idx].mean(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(diffs, [tail, 1 - tail])
    return PairedAccuracy(a, b, n, float(x.mean()), float(y.mean()), float(x.mean() - y.mean()),
                          only_a, only_b, mcnemar_exact(only_a, only_b), float(low), float(high))


def accuracy_figure(summary: pd.DataFrame, arm: str = "experiment") -> Figure:
    """Accuracy by arm with 95% intervals (normal, clipped to [0, 1])."""
    table = accuracy_table(summary, arm)
    fig = Figure(figsize=(6, 4), layout="constrained")
    ax = fig.subplots()
    acc, half = table["accuracy"].to_numpy(), 1.96 * table["se"].to_numpy()
    low, high = np.clip(acc - half, 0, 1), np.clip(acc + half, 0, 1)
    ax.bar(table[arm], acc, yerr=[acc - low, high - acc], capsize=4, color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("Accuracy (final answer correct)")
    ax.set_title("Accuracy by arm, 95% interval")
    return fig


def by_round_figure(table: pd.DataFrame, arm: str = "experiment") -> Figure:
    """Agreement and sycophancy rate by round (``table``: stats.sycophancy.by_round)."""
    fig = Figure(figsize=(10, 4), layout="constrained")
    left, right = fig.subplots(1, 2)
    for name, g in table.groupby(arm, sort=True):
        left.plot(g["round_num"], g["agreement"], marker="o", label=str(name))
        right.plot(g["round_num"], g["sycophancy_rate"], marker="o", label=str(name))
    left.set(xlabel="Round", ylabel="Pairwise agreement", ylim=(0, 1), title="Agreement by round")
    right.set(xlabel="Round", ylabel="Sycophantic / correct before", ylim=(0, 1), title="Sycophancy by round")
    left.legend()
    return fig


def topology_tables(records: Records, a: str, b: str, arm: str = "experiment") -> dict[str, pd.DataFrame]:
    """accuracy, accuracy_by_subject, paired (a vs b) and the per-round / per-run metrics."""
    return {
        "accuracy": accuracy_table(records.summary, arm),
        "accuracy_by_subject": accuracy_table(records.summary, arm, by_subject=True),
        "paired": pd.DataFrame([paired_accuracy(records.summary, a, b, arm).as_dict()]),
        "by_round": sycophancy.by_round(records.per_round, records.summary, arm),
        "per_run": sycophancy.run_table(records.per_round),
    }
