"""Parcels: weight-based postage and tracking numbers."""

from __future__ import annotations

import itertools

from .order import Order

_tracking = itertools.count(1)
WEIGHT_G = {"book": 400, "mug": 350, "shirt": 200}
POSTAGE = ((500, 390), (2000, 590), (5000, 990))  # (up to grams, cents)


def weight_g(order: Order) -> int:
    return sum(WEIGHT_G.get(sku.split("-")[0], 500) * q for sku, q, _ in order.lines)


def postage_cents(grams: int) -> int:
    for limit, cents in POSTAGE:
        if grams <= limit:
            return cents
    raise ValueError(f"{grams} g is too heavy for one parcel")


def ship(order: Order) -> str:
    order.apply("pack")
    order.apply("ship")
    return f"TRK{next(_tracking):06d}"
