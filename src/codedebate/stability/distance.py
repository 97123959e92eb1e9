"""Distances between two rounds: KS between fitted Beta-mixture CDFs, or between empirical CDFs of s."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from scipy import stats

if TYPE_CHECKING:  # pragma: no cover
    from .mixture import Mixture


def mixture_cdf(m: "Mixture", x: np.ndarray) -> np.ndarray:
    """w·Beta(α1, β1).cdf(x) + (1−w)·Beta(α2, β2).cdf(x)."""
    return m.w * stats.beta.cdf(x, m.a1, m.b1) + (1 - m.w) * stats.beta.cdf(x, m.a2, m.b2)


def ks_mixtures(first: "Mixture", second: "Mixture", grid_points: int = 1000) -> float:
    """sup |F1 − F2| of the two Beta-mixture CDFs on an evenly spaced grid over [0, 1]."""
    if grid_points < 2:
        raise ValueError(f"grid_points must be at least 2, got {grid_points}")
    x = np.linspace(0.0, 1.0, grid_points)
    return float(np.max(np.abs(mixture_cdf(first, x) - mixture_cdf(second, x))))


def empirical_cdf(counts: Sequence[int] | np.ndarray, n: int) -> np.ndarray:
    """P(s <= k) for k = 0..n from the observed counts."""
    arr = np.asarray(counts, dtype=int)
    if arr.size == 0:
        raise ValueError("no counts (the batch is empty)")
    return np.cumsum(np.bincount(arr, minlength=n + 1)[: n + 1]) / arr.size


def ks_empirical(first: Sequence[int] | np.ndarray, second: Sequence[int] | np.ndarray, n: int) -> float:
    """sup_k |F1(k) − F2(k)| of the empirical CDFs of s (data-determined; no fit involved)."""
    return float(np.max(np.abs(empirical_cdf(first, n) - empirical_cdf(second, n))))
