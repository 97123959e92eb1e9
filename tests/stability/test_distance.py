"""KS distances between two rounds."""

from __future__ import annotations

import pytest

from codedebate.stability import Mixture, ks_empirical, ks_mixtures


def test_ks_of_beta_mixtures_against_a_hand_computed_case():
    # Beta(1,1) has CDF x, Beta(2,1) has CDF x^2: sup |x - x^2| = 1/4 at x = 1/2
    uniform = Mixture(1.0, 1.0, 1.0, 1.0, 1.0)
    square = Mixture(1.0, 2.0, 1.0, 2.0, 1.0)
    assert ks_mixtures(uniform, square, grid_points=1001) == pytest.approx(0.25, abs=1e-12)  # grid holds 0.5
    assert ks_mixtures(uniform, square, grid_points=1000) == pytest.approx(0.25, abs=1e-6)


def test_ks_of_mixtures_weighs_the_components():
    # w = 0.5 of each: 0.5x + 0.5x^2 vs x -> sup 0.5 (x - x^2) = 1/8
    mixed = Mixture(0.5, 1.0, 1.0, 2.0, 1.0)
    uniform = Mixture(1.0, 1.0, 1.0, 1.0, 1.0)
    assert ks_mixtures(mixed, uniform, grid_points=1001) == pytest.approx(0.125, abs=1e-12)
    assert ks_mixtures(mixed, mixed) == 0.0


def test_ks_of_empirical_cdfs_against_a_hand_computed_case():
    # n = 3; first: s = 0,1,3,3 -> F = .25 .5 .5 1; second: 3,3,3,2 -> F = 0 0 .25 1
    assert ks_empirical([0, 1, 3, 3], [3, 3, 3, 2], 3) == pytest.approx(0.5)
    assert ks_empirical([1, 2], [2, 1], 3) == 0.0
