"""Per-client rate limiting policy built on token buckets."""

from __future__ import annotations

import math
from dataclasses import dataclass

from token_bucket import TokenBucket


@dataclass
class Tier:
    """A named bucket size and refill rate."""

    name: str
    capacity: float
    refill_per_second: float


@dataclass
class Decision:
    """The outcome of one check."""

    allowed: bool
    remaining: int
    retry_after: float | None


class RateLimitPolicy:
    """Assigns clients to tiers and keeps one bucket per client."""

    def __init__(self, tiers: list[Tier], default_tier: str, route_costs: dict[str, float] | None = None) -> None:
        self._tiers: dict[str, Tier] = {}
        for tier in tiers:
            if tier.name in self._tiers:
                raise ValueError(f"duplicate tier {tier.name}")
            self._tiers[tier.name] = tier
        if default_tier not in self._tiers:
            raise KeyError(default_tier)
        self.default_tier = default_tier
        self.route_costs = dict(route_costs or {})
        self._assigned: dict[str, str] = {}
        self._buckets: dict[str, TokenBucket] = {}
        self._blocked: set[str] = set()
        self._stats: dict[str, list[int]] = {}

    def assign(self, client_id: str, tier_name: str) -> None:
        if tier_name not in self._tiers:
            raise KeyError(tier_name)
        self._assigned[client_id] = tier_name
        self._buckets.pop(client_id, None)

    def block(self, client_id: str) -> None:
        self._blocked.add(client_id)

    def unblock(self, client_id: str) -> None:
        self._blocked.discard(client_id)

    def _record(self, client_id: str, decision: Decision) -> Decision:
        counts = self._stats.setdefault(client_id, [0, 0])
        counts[0 if decision.allowed else 1] += 1
        return decision

    def check(self, client_id: str, now: float, route: str | None = None) -> Decision:
        if client_id in self._blocked:
            return self._record(client_id, Decision(False, 0, None))
        tier = self._tiers[self._assigned.get(client_id, self.default_tier)]
        bucket = self._buckets.get(client_id)
        if bucket is None:
            bucket = self._buckets[client_id] = TokenBucket(tier.capacity, tier.refill_per_second, now)
        cost = self.route_costs.get(route, 1)
        if cost > tier.capacity:
            return self._record(client_id, Decision(False, math.floor(bucket.tokens_at(now)), None))
        if bucket.try_take(now, cost):
            return self._record(client_id, Decision(True, math.floor(bucket.tokens_at(now)), 0.0))
        wait = bucket.wait_time(now, cost)
        return self._record(client_id, Decision(False, math.floor(bucket.tokens_at(now)), wait))

    def stats(self) -> dict[str, tuple[int, int]]:
        return {cid: (c[0], c[1]) for cid, c in self._stats.items()}
