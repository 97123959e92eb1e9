"""Stability detection for adaptive stopping: a Beta-Binomial mixture fitted to the per-task
count of correct agents, the KS distance between consecutive rounds' fits, and the stop rule.

Pure numpy/scipy; imports nothing else from codedebate, so protocols (live rule) and stats
(post-hoc tool) both use it.
"""

from .distance import ks_empirical, ks_mixtures, mixture_cdf
from .mixture import Mixture, MixtureFit, fit_mixture
from .rule import RoundReport, StabilityRule, StabilitySettings, carry_forward

__all__ = [
    "Mixture", "MixtureFit", "RoundReport", "StabilityRule", "StabilitySettings", "carry_forward",
    "fit_mixture", "ks_empirical", "ks_mixtures", "mixture_cdf",
]
