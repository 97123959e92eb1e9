"""A token bucket driven by an explicit clock."""

from __future__ import annotations


class TokenBucket:
    """Holds up to ``capacity`` tokens, refilled at ``refill_per_second``."""

    def __init__(self, capacity: float, refill_per_second: float, now: float = 0.0) -> None:
        if capacity <= 0 or refill_per_second < 0:
            raise ValueError("capacity must be > 0 and refill_per_second >= 0")
        self.capacity = capacity
        self.refill_per_second = refill_per_second
        self._tokens = float(capacity)
        self._last = now

    def tokens_at(self, now: float) -> float:
        if now < self._last:
            raise ValueError(f"time went backwards: {now} < {self._last}")
        elapsed = now - self._last
        self._tokens = min(self.capacity, self._tokens + elapsed * self.refill_per_second)
        self._last = now
        return self._tokens

    def _check_cost(self, cost: float) -> None:
        if cost <= 0 or cost > self.capacity:
            raise ValueError(f"cost must be in (0, {self.capacity}], got {cost}")

    def try_take(self, now: float, cost: float = 1) -> bool:
        self._check_cost(cost)
        if self.tokens_at(now) >= cost:
            self._tokens -= cost
            return True
        return False

    def wait_time(self, now: float, cost: float = 1) -> float:
        self._check_cost(cost)
        missing = cost - self.tokens_at(now)
        if missing <= 0:
            return 0.0
        if self.refill_per_second == 0:
            return float("inf")
        return missing / self.refill_per_second
