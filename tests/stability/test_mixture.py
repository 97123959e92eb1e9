"""EM fit of the two-component Beta-Binomial mixture."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from codedebate.stability import Mixture, fit_mixture
from codedebate.stability.mixture import _logpmf, histogram


def synthetic(n: int, size: int, w: float, c1: tuple[float, float], c2: tuple[float, float], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    first = rng.random(size) < w
    s1 = stats.betabinom.rvs(n, *c1, size=size, random_state=rng)
    s2 = stats.betabinom.rvs(n, *c2, size=size, random_state=rng)
    return np.where(first, s1, s2)


def test_em_recovers_the_parameters_of_a_synthetic_mixture():
    # tolerances: weight within 0.05, component means within 0.03, each alpha/beta within 25 %
    s = synthetic(10, 2000, 0.6, (8.0, 2.0), (2.0, 6.0), seed=1)
    fit = fit_mixture(s, 10)
    m = fit.mixture
    assert m.w == pytest.approx(0.6, abs=0.05)
    assert m.means[0] == pytest.approx(0.8, abs=0.03)
    assert m.means[1] == pytest.approx(0.25, abs=0.03)
    for got, want in ((m.a1, 8.0), (m.b1, 2.0), (m.a2, 2.0), (m.b2, 6.0)):
        assert got == pytest.approx(want, rel=0.25)
    assert fit.identified
    # the fitted mixture explains the data better than a single Beta-Binomial with the same mean
    hist = histogram(s, 10)
    single_a = s.mean() / 10 * 4
    single = float(np.sum(hist * _logpmf(10, single_a, 4 - single_a)))
    assert fit.loglik > single


def test_components_are_ordered_by_mean_and_weights_follow():
    s = synthetic(10, 600, 0.3, (9.0, 1.0), (1.0, 9.0), seed=2)
    m = fit_mixture(s, 10).mixture
    assert m.means[0] > m.means[1]
    assert m.w == pytest.approx(0.3, abs=0.07)  # the high-mean component holds ~30 % of the tasks
    flipped = Mixture(1 - m.w, m.a2, m.b2, m.a1, m.b1).ordered()
    assert flipped == m


def test_betabinomial_logpmf_matches_scipy():
    k = np.arange(8)
    assert np.allclose(_logpmf(7, 2.5, 0.3), stats.betabinom.logpmf(k, 7, 2.5, 0.3))


def test_identical_histograms_give_identical_fits():
    a = fit_mixture([3, 3, 2, 0, 1, 3, 2, 2], 3, seed=4, restarts=2)
    b = fit_mixture([2, 3, 2, 1, 3, 0, 3, 2], 3, seed=4, restarts=2)  # same histogram, other order
    assert a.mixture == b.mixture


def test_three_agents_are_reported_as_not_identified():
    fit = fit_mixture([3] * 20 + [2] * 8 + [0] * 6 + [1] * 6, 3)
    assert not fit.identified  # n + 1 = 4 bins, 5 parameters


def test_counts_outside_the_range_are_refused():
    with pytest.raises(ValueError, match="0..3"):
        fit_mixture([0, 4], 3)
    with pytest.raises(ValueError, match="empty"):
        fit_mixture([], 3)
