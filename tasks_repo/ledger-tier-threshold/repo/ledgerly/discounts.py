"""Volume discounts: tiers of (threshold in cents, percent off), applied to a subtotal."""

from __future__ import annotations

from dataclasses import dataclass

from .money import Money


@dataclass(frozen=True)
class Tier:
    threshold: Money  # the subtotal from which this tier applies (inclusive)
    percent: float

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise ValueError(f"percent must be in [0, 100], got {self.percent}")


DEFAULT_TIERS = (
    Tier(Money(100_000), 5.0),
    Tier(Money(500_000), 10.0),
    Tier(Money(1_000_000), 15.0),
)


def tier_for(subtotal: Money, tiers: tuple[Tier, ...] = DEFAULT_TIERS) -> Tier | None:
    """The highest tier whose threshold the subtotal reaches, or None."""
    best = None
    for tier in sorted(tiers, key=lambda t: t.threshold.cents):
        if subtotal.cents > tier.threshold.cents:
            best = tier
    return best


def discount_for(subtotal: Money, tiers: tuple[Tier, ...] = DEFAULT_TIERS) -> Money:
    """The discount amount (positive) for a subtotal."""
    tier = tier_for(subtotal, tiers)
    if tier is None:
        return Money(0, subtotal.currency)
    return subtotal.times(tier.percent / 100)
