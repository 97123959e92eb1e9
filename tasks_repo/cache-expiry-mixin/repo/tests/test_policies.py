import pytest

from cachebox.factory import make_cache
from cachebox.fifo import FIFOCache
from cachebox.lfu import LFUCache
from cachebox.lru import LRUCache


def test_lru_evicts_the_least_recently_used():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert list(cache) == ["a", "c"]
    assert cache.stats.evictions == 1


def test_lfu_evicts_the_least_used_and_breaks_ties_by_age():
    cache = LFUCache(3)
    for key in "xyz":
        cache.put(key, key.upper())
    cache.get("x")
    cache.get("z")
    cache.put("w", "W")
    assert sorted(cache) == ["w", "x", "z"]
    assert cache.uses("x") == 2 and cache.uses("y") == 0


def test_fifo_ignores_reads():
    cache = FIFOCache(2)
    cache.put(1, "one")
    cache.put(2, "two")
    cache.get(1)
    cache.put(3, "three")
    assert 1 not in cache and list(cache) == [2, 3]


def test_updates_do_not_evict_and_delete_reports_presence():
    cache = make_cache("lru", 2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    assert len(cache) == 2 and cache.get("a") == 10 and cache.stats.evictions == 0
    assert cache.delete("a") and not cache.delete("a")
    cache.clear()
    assert len(cache) == 0


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="unknown cache policy 'mru'"):
        make_cache("mru", 10)
    with pytest.raises(ValueError, match="capacity"):
        make_cache("lru", 0)
