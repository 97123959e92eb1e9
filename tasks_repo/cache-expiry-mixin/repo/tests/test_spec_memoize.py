import pytest

from cachebox.lru import LRUCache
from cachebox.memoize import call_key, memoize
from cachebox.spec import cache_from_spec, parse_duration, parse_spec
from cachebox.stats import CacheStats


def test_parse_spec_and_durations():
    assert parse_spec("LRU:256") == ("lru", 256, None)
    assert parse_spec("lfu:10:ttl=5m") == ("lfu", 10, 300.0)
    assert parse_duration("2h") == 7200.0 and parse_duration("45") == 45.0
    with pytest.raises(ValueError, match="capacity"):
        parse_spec("lru:many")
    with pytest.raises(ValueError, match="unknown option"):
        parse_spec("lru:5:size=3")
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration("soon")


def test_cache_from_spec_without_ttl():
    cache = cache_from_spec("fifo:3")
    assert cache.policy == "fifo" and cache.capacity == 3


def test_memoize_calls_once_per_key():
    calls = []

    @memoize(LRUCache(8))
    def square(x: int, *, offset: int = 0) -> int:
        calls.append(x)
        return x * x + offset

    assert [square(3), square(3), square(4), square(3, offset=1)] == [9, 9, 16, 10]
    assert calls == [3, 4, 3]
    assert square.cache.stats.hits == 1 and square.__name__ == "square"
    assert call_key((1,), {"b": 2, "a": 1}) == (1, ("a", 1), ("b", 2))


def test_stats_summary():
    stats = CacheStats(hits=3, misses=1, evictions=2)
    assert stats.hit_rate == 0.75
    assert stats.summary() == "4 lookups, 75% hits, 2 evicted, 0 expired"
    assert CacheStats().hit_rate == 0.0
