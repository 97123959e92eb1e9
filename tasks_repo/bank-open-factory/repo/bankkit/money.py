"""Amounts in cents; rates as yearly percentages."""

from __future__ import annotations


def cents(text: str) -> int:
    """'12.34' -> 1234 (at most two decimals)."""
    whole, _, frac = text.strip().partition(".")
    if len(frac) > 2 or not whole.lstrip("-").isdigit() or (frac and not frac.isdigit()):
        raise ValueError(f"not an amount: {text!r}")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int((frac + "00")[:2]))


def show(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}"


def monthly_interest(balance: int, yearly_percent: float) -> int:
    """Interest for one month on a positive balance, rounded down to the cent."""
    if balance <= 0:
        return 0
    return int(balance * yearly_percent / 100 / 12)
