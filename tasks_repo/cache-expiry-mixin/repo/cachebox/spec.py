"""Cache settings as one string, e.g. ``lru:256`` or ``lfu:1000:ttl=5m``."""

from __future__ import annotations

from .base import Cache
from .clock import SYSTEM_CLOCK, Clock
from .factory import make_cache

UNITS = {"s": 1, "m": 60, "h": 3600}


def parse_duration(text: str) -> float:
    """'30' or '30s' -> 30.0, '5m' -> 300.0, '2h' -> 7200.0."""
    text = text.strip().lower()
    unit = text[-1] if text and text[-1] in UNITS else "s"
    number = text[:-1] if text and text[-1] in UNITS else text
    try:
        value = float(number)
    except ValueError:
        raise ValueError(f"not a duration: {text!r} (use e.g. 30s, 5m, 2h)") from None
    return value * UNITS[unit]


def parse_spec(spec: str) -> tuple[str, int, float | None]:
    """'lru:256:ttl=5m' -> ('lru', 256, 300.0)."""
    parts = spec.split(":")
    if len(parts) < 2:
        raise ValueError(f"cache spec {spec!r} needs at least 'policy:capacity'")
    policy, size, *options = parts
    try:
        capacity = int(size)
    except ValueError:
        raise ValueError(f"cache spec {spec!r}: capacity {size!r} is not a whole number") from None
    ttl = None
    for option in options:
        name, _, value = option.partition("=")
        if name != "ttl" or not value:
            raise ValueError(f"cache spec {spec!r}: unknown option {option!r} (known: ttl=DURATION)")
        ttl = parse_duration(value)
    return policy.strip().lower(), capacity, ttl


def cache_from_spec(spec: str, clock: Clock = SYSTEM_CLOCK) -> Cache:
    policy, capacity, ttl = parse_spec(spec)
    return make_cache(policy, capacity, ttl, clock)
