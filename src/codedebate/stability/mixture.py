"""A two-component Beta-Binomial mixture fitted by EM to counts s in {0..n} (one per task).

P(s) = w·BB(n, α1, β1) + (1−w)·BB(n, α2, β2). E-step: responsibilities; M-step: w = mean
responsibility and one bounded L-BFGS-B step per component for (α, β). Each fit draws its
starting points from a fresh generator seeded by ``seed``, so identical histograms give
identical fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize, special, stats
from threadpoolctl import threadpool_limits

#: (low, high) bound of every α and β
DEFAULT_BOUNDS = (0.01, 100.0)
#: restarts within this log-likelihood of the best count as equally good fits
LOGLIK_TIE = 1e-3


@dataclass(frozen=True)
class Mixture:
    """Fitted parameters; component 1 has the higher mean α/(α+β)."""

    w: float
    a1: float
    b1: float
    a2: float
    b2: float

    @property
    def means(self) -> tuple[float, float]:
        return self.a1 / (self.a1 + self.b1), self.a2 / (self.a2 + self.b2)

    def ordered(self) -> "Mixture":
        """The same mixture with component 1 the one of higher mean."""
        m1, m2 = self.means
        if m1 >= m2:
            return self
        return Mixture(1.0 - self.w, self.a2, self.b2, self.a1, self.b1)

    def pmf(self, n: int) -> np.ndarray:
        """P(s = k) for k = 0..n."""
        k = np.arange(n + 1)
        return (self.w * stats.betabinom.pmf(k, n, self.a1, self.b1)
                + (1 - self.w) * stats.betabinom.pmf(k, n, self.a2, self.b2))


@dataclass(frozen=True)
class MixtureFit:
    """The best of the restarts, how it got there, and whether the data pin it down."""

    mixture: Mixture
    n: int
    loglik: float
    iterations: int
    converged: bool
    restarts: int
    #: largest KS distance between the Beta-mixture CDFs of restarts whose log-likelihood ties the best
    restart_spread: float
    #: n >= 5 (as many histogram degrees of freedom as parameters) and the tied restarts agree
    identified: bool


def histogram(counts: Sequence[int] | np.ndarray, n: int) -> np.ndarray:
    """How many tasks have s = 0..n; values outside 0..n are an error."""
    arr = np.asarray(counts, dtype=int)
    if arr.size == 0:
        raise ValueError("no counts to fit (the batch is empty)")
    if arr.min() < 0 or arr.max() > n:
        raise ValueError(f"counts must lie in 0..{n}, got {arr.min()}..{arr.max()}")
    return np.bincount(arr, minlength=n + 1).astype(float)


def _logpmf(n: int, a: float, b: float) -> np.ndarray:
    """log BB(k; n, a, b) for k = 0..n (scipy.special; equals stats.betabinom.logpmf, much faster)."""
    k = np.arange(n + 1)
    log_choose = special.gammaln(n + 1) - special.gammaln(k + 1) - special.gammaln(n - k + 1)
    return log_choose + special.betaln(k + a, n - k + b) - special.betaln(a, b)


def _loglik(hist: np.ndarray, n: int, m: Mixture) -> float:
    with np.errstate(divide="ignore"):
        p = np.logaddexp(np.log(m.w) + _logpmf(n, m.a1, m.b1), np.log1p(-m.w) + _logpmf(n, m.a2, m.b2))
    return float(np.sum(hist * p))


def _m_step(weights: np.ndarray, n: int, start: tuple[float, float], bounds: tuple[float, float]) -> tuple[float, float]:
    """Maximise sum_k weights_k log BB(k; n, a, b) over bounded (a, b) with L-BFGS-B."""
    if weights.sum() <= 0:
        return start
    k = np.arange(n + 1)

    def neg(x: np.ndarray) -> float:
        return -float(np.sum(weights * _logpmf(n, x[0], x[1])))

    def grad(x: np.ndarray) -> np.ndarray:
        a, b = x
        common = special.digamma(a + b) - special.digamma(n + a + b)
        da = special.digamma(k + a) - special.digamma(a) + common
        db = special.digamma(n - k + b) - special.digamma(b) + common
        return -np.array([np.sum(weights * da), np.sum(weights * db)])

    res = optimize.minimize(neg, np.clip(start, *bounds), jac=grad, method="L-BFGS-B", bounds=[bounds, bounds])
    return float(res.x[0]), float(res.x[1])


def _em(hist: np.ndarray, n: int, start: Mixture, tol: float, max_iter: int,
        bounds: tuple[float, float]) -> tuple[Mixture, float, int, bool]:
    m, total = start, hist.sum()
    ll = _loglik(hist, n, m)
    for it in range(1, max_iter + 1):
        l1 = np.log(m.w) + _logpmf(n, m.a1, m.b1)
        l2 = np.log1p(-m.w) + _logpmf(n, m.a2, m.b2)
        r1 = np.exp(l1 - np.logaddexp(l1, l2))  # responsibility of component 1 per bin
        w = float(np.clip(np.sum(hist * r1) / total, 1e-6, 1 - 1e-6))
        a1, b1 = _m_step(hist * r1, n, (m.a1, m.b1), bounds)
        a2, b2 = _m_step(hist * (1 - r1), n, (m.a2, m.b2), bounds)
        m = Mixture(w, a1, b1, a2, b2)
        new = _loglik(hist, n, m)
        if abs(new - ll) < tol:
            return m, new, it, True
        ll = new
    return m, ll, max_iter, False


def fit_mixture(counts: Sequence[int] | np.ndarray, n: int, *, restarts: int = 5, seed: int = 0, tol: float = 1e-6,
                max_iter: int = 100, bounds: tuple[float, float] = DEFAULT_BOUNDS,
                grid_points: int = 1000, spread_tolerance: float = 0.05) -> MixtureFit:
    """Fit the mixture to one round's counts (s per task, each in 0..n); best of ``restarts``."""
    from .distance import ks_mixtures

    if n < 1:
        raise ValueError(f"n (agents per task) must be at least 1, got {n}")
    if restarts < 1:
        raise ValueError(f"restarts must be at least 1, got {restarts}")
    hist = histogram(counts, n)
    rng = np.random.default_rng(seed)  # fresh per fit: identical histograms, identical fits
    fits = []
    with threadpool_limits(1):  # tiny problems: BLAS threads only contend (6x slower on 2 busy cores)
        for _ in range(restarts):
            a = rng.uniform(0.5, 5.0, size=4)
            start = Mixture(float(rng.uniform(0.2, 0.8)), *map(float, a))
            fits.append(_em(hist, n, start, tol, max_iter, bounds))
    best = max(fits, key=lambda f: f[1])
    tied = [f[0] for f in fits if best[1] - f[1] <= LOGLIK_TIE]
    spread = max((ks_mixtures(best[0], m, grid_points) for m in tied), default=0.0)
    return MixtureFit(mixture=best[0].ordered(), n=n, loglik=best[1], iterations=best[2], converged=best[3],
                      restarts=restarts, restart_spread=float(spread),
                      identified=n >= 5 and spread <= spread_tolerance)
