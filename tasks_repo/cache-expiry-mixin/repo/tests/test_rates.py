from cachebox.clock import ManualClock
from cachebox.rates import RateService


class FakeProvider:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.rates = {("EUR", "USD"): 1.10, ("GBP", "EUR"): 1.17}

    def __call__(self, base: str, quote: str) -> float:
        self.calls.append((base, quote))
        return self.rates[(base, quote)]


def test_rates_are_fetched_again_after_the_ttl():
    clock, provider = ManualClock(), FakeProvider()
    service = RateService(provider, "lru:64:ttl=5m", clock)
    assert service.convert(100, "eur", "usd") == 110.0
    provider.rates[("EUR", "USD")] = 1.20
    clock.advance(120)
    assert service.convert(100, "EUR", "USD") == 110.0
    clock.advance(200)
    assert service.convert(100, "EUR", "USD") == 120.0
    assert provider.calls == [("EUR", "USD"), ("EUR", "USD")]


def test_expired_rates_show_in_the_stats():
    clock, provider = ManualClock(), FakeProvider()
    service = RateService(provider, "lru:64:ttl=60", clock)
    service.rate("GBP", "EUR")
    clock.advance(61)
    service.rate("GBP", "EUR")
    assert service.cache_stats == "2 lookups, 0% hits, 0 evicted, 1 expired"
