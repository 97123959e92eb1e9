"""cachebox: in-process caches with LRU, LFU and FIFO eviction, optional expiry and memoizing."""
