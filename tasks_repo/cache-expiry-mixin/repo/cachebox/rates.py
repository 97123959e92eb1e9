"""Exchange rates from a provider, cached as the settings say."""

from __future__ import annotations

from collections.abc import Callable

from .clock import SYSTEM_CLOCK, Clock
from .memoize import memoize
from .spec import cache_from_spec

Provider = Callable[[str, str], float]


class RateService:
    """Converts amounts with rates from ``provider``, cached under ``cache_spec``."""

    def __init__(self, provider: Provider, cache_spec: str = "lru:128", clock: Clock = SYSTEM_CLOCK) -> None:
        self._lookup = memoize(cache_from_spec(cache_spec, clock))(self._fetch)
        self._provider = provider

    def _fetch(self, base: str, quote: str) -> float:
        rate = self._provider(base, quote)
        if rate <= 0:
            raise ValueError(f"provider returned a non-positive rate {rate} for {base}/{quote}")
        return rate

    def rate(self, base: str, quote: str) -> float:
        base, quote = base.upper(), quote.upper()
        return 1.0 if base == quote else self._lookup(base, quote)

    def convert(self, amount: float, base: str, quote: str) -> float:
        return round(amount * self.rate(base, quote), 2)

    @property
    def cache_stats(self) -> str:
        return self._lookup.cache.stats.summary()
