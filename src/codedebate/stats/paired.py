"""Paired comparisons: t-test and Wilcoxon signed-rank with effect sizes, CI and Bonferroni."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

import numpy as np
import pandas as pd
from scipy import stats


@dataclass
class PairedResult:
    """Two-sided paired comparison of a (treatment) against b (reference) over n pairs."""

    n: int
    mean_a: float
    mean_b: float
    mean_diff: float
    ci_low: float
    ci_high: float
    wins: int
    ties: int
    losses: int
    t: float
    p_t: float
    cohens_dz: float
    wilcoxon_w: float
    p_wilcoxon: float
    rank_biserial: float

    def as_dict(self) -> dict[str, float]:
        return asdict(self)


# Pass rates closer than TOL are ties: the thesis's per-round pass rates are rounded to 4
# decimals, while two real pass rates of one task differ by at least 1/tests (>= 0.05).
TOL = 1e-3


def win_tie_loss(a: np.ndarray, b: np.ndarray, tol: float = TOL) -> tuple[int, int, int]:
    """Counts of pairs where a > b, a == b (within tol), a < b."""
    d = np.asarray(a, float) - np.asarray(b, float)
    return int((d > tol).sum()), int((np.abs(d) <= tol).sum()), int((d < -tol).sum())


def rank_biserial(d: np.ndarray) -> float:
    """Matched-pairs rank-biserial r = (R+ - R-) / (R+ + R-) over non-zero differences."""
    d = np.asarray(d, float)
    d = d[d != 0]
    if d.size == 0:
        return float("nan")
    ranks = stats.rankdata(np.abs(d))
    plus, minus = ranks[d > 0].sum(), ranks[d < 0].sum()
    return float((plus - minus) / (plus + minus))


def mean_diff_ci(d: np.ndarray, confidence: float = 0.95) -> tuple[float, float]:
    """t-based confidence interval of the mean of paired differences d."""
    d = np.asarray(d, float)
    n = d.size
    if n < 2:
        return float("nan"), float("nan")
    half = stats.t.ppf(0.5 + confidence / 2, n - 1) * d.std(ddof=1) / np.sqrt(n)
    return float(d.mean() - half), float(d.mean() + half)


def paired_test(a: np.ndarray, b: np.ndarray, confidence: float = 0.95) -> PairedResult:
    """Paired t-test (Cohen's d_z) and Wilcoxon signed-rank (rank-biserial r), two-sided.

    Differences within TOL count as zero. Wilcoxon drops zero differences (Wilcoxon's
    method); when every difference is zero the tests are undefined: NaN statistics, p = 1.
    """
    a, b = np.asarray(a, float), np.asarray(b, float)
    if a.shape != b.shape:
        raise ValueError(f"paired_test: a and b differ in length ({a.size} vs {b.size})")
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    d = a - b
    d = np.where(np.abs(d) <= TOL, 0.0, d)
    n = int(d.size)
    wins, ties, losses = win_tie_loss(a, b)
    sd = d.std(ddof=1) if n > 1 else float("nan")
    if n > 1 and sd > 0:
        t_res = stats.ttest_1samp(d, 0.0)
        t, p_t, dz = float(t_res.statistic), float(t_res.pvalue), float(d.mean() / sd)
    else:
        t, p_t, dz = float("nan"), (1.0 if n > 1 else float("nan")), float("nan")
    if np.any(d != 0):
        w_res = stats.wilcoxon(d, zero_method="wilcox", alternative="two-sided")
        w, p_w = float(w_res.statistic), float(w_res.pvalue)
    else:
        w, p_w = float("nan"), (1.0 if n else float("nan"))
    low, high = mean_diff_ci(d, confidence)
    return PairedResult(
        n=n, mean_a=float(a.mean()) if n else float("nan"),
        mean_b=float(b.mean()) if n else float("nan"),
        mean_diff=float(d.mean()) if n else float("nan"), ci_low=low, ci_high=high,
        wins=wins, ties=ties, losses=losses, t=t, p_t=p_t, cohens_dz=dz,
        wilcoxon_w=w, p_wilcoxon=p_w, rank_biserial=rank_biserial(d),
    )


def bonferroni(pvalues: pd.Series | np.ndarray) -> np.ndarray:
    """Bonferroni-adjusted p-values: p * m (m = number of non-NaN tests), capped at 1."""
    p = np.asarray(pvalues, float)
    m = int((~np.isnan(p)).sum())
    return np.minimum(p * max(m, 1), 1.0)


def paired_family(rows: list[dict], family: str) -> pd.DataFrame:
    """Table of comparisons in one family with Bonferroni-adjusted p for t and Wilcoxon.

    Each row is a dict of labels plus a ``result`` (:class:`PairedResult`).
    """
    records = []
    for row in rows:
        labels = {k: v for k, v in row.items() if k != "result"}
        records.append({"family": family, **labels, **row["result"].as_dict()})
    label_cols = list(rows[0]) if rows else ["task_set", "a", "b", "result"]
    columns = ["family", *[c for c in label_cols if c != "result"],
               *[f.name for f in fields(PairedResult)]]
    table = pd.DataFrame(records, columns=columns)
    table["p_t_bonferroni"] = bonferroni(table["p_t"])
    table["p_wilcoxon_bonferroni"] = bonferroni(table["p_wilcoxon"])
    return table


def per_task_values(summary: pd.DataFrame, value: str = "final_pass_rate") -> pd.Series:
    """Mean of value per task_id (repeats/seeds averaged) for one configuration's runs."""
    vals = summary[value].astype(float)
    return vals.groupby(summary["task_id"].astype(str)).mean()


def pair_by_task(a: pd.Series, b: pd.Series) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Align two per-task series on the tasks both have (sorted task ids)."""
    common = sorted(set(a.index) & set(b.index))
    return a.loc[common].to_numpy(float), b.loc[common].to_numpy(float), common
