"""Coupons: 'SAVE10' (percent) or 'MINUS500' (cents off), one per invoice."""

from __future__ import annotations

import re

PATTERN = re.compile(r"^(SAVE(?P<pct>\d{1,2})|MINUS(?P<cents>\d+))$")


def coupon_value(code: str, amount: int) -> int:
    """Cents a coupon takes off ``amount`` (never more than the amount)."""
    match = PATTERN.match(code.strip().upper())
    if not match:
        raise ValueError(f"unknown coupon {code!r}")
    if match["pct"]:
        off = amount * int(match["pct"]) // 100
    else:
        off = int(match["cents"])
    return min(off, amount)
