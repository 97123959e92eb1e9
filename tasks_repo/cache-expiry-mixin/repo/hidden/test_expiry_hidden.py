import pytest

from cachebox.clock import ManualClock
from cachebox.factory import cache_class, make_cache
from cachebox.spec import cache_from_spec


@pytest.mark.parametrize("policy", ["lru", "lfu", "fifo"])
def test_every_policy_expires(policy):
    clock = ManualClock()
    cache = make_cache(policy, 4, ttl=10, clock=clock)
    cache.put("k", 1)
    clock.advance(9.5)
    assert cache.get("k") == 1 and "k" in cache
    clock.advance(0.5)
    assert "k" not in cache
    assert cache.get("k", "gone") == "gone"
    assert len(cache) == 0 and cache.stats.expirations == 1


def test_expiring_class_keeps_its_policy():
    cls = cache_class("lru", expiring=True)
    cache = cls(2, ttl=100, clock=ManualClock())
    assert cache.policy == "lru"
    cache.put("a", 1)
    cache.put("b", 2)
    cache.get("a")
    cache.put("c", 3)
    assert sorted(cache) == ["a", "c"]


def test_writing_again_renews_the_deadline():
    clock = ManualClock()
    cache = cache_from_spec("lfu:8:ttl=1m", clock)
    cache.put("x", 1)
    clock.advance(50)
    cache.put("x", 2)
    clock.advance(50)
    assert cache.get("x") == 2
    clock.advance(10)
    assert cache.get("x") is None


def test_purge_and_eviction_forget_deadlines():
    clock = ManualClock()
    cache = make_cache("fifo", 2, ttl=30, clock=clock)
    cache.put("a", 1)
    clock.advance(20)
    cache.put("b", 2)
    cache.put("c", 3)
    assert sorted(cache) == ["b", "c"] and cache.stats.evictions == 1
    clock.advance(15)
    assert cache.purge_expired() == 0
    clock.advance(15)
    assert cache.purge_expired() == 2
    assert len(cache) == 0 and cache.stats.expirations == 2


def test_ttl_must_be_positive():
    with pytest.raises(ValueError, match="ttl"):
        make_cache("lru", 4, ttl=0)
