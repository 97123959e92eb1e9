"""Expenses with weighted, cent-exact shares, and a one-line expense parser."""

from __future__ import annotations

import re

_AMOUNT = re.compile(r"^(\d+)(?:\.(\d{1,2}))?$")
_LINE = re.compile(r"^\s*(\S+)\s+paid\s+(\S+)\s+for\s+([^:]+?)\s*(?::\s*(.*?))?\s*$")
_PART = re.compile(r"^([^\s*,]+)(?:\*(\d+))?$")


class Expense:
    """Someone paid an amount on behalf of a list of participants."""

    def __init__(self, payer: str, amount_cents: int, participants: list[str], description: str = "",
                 weights: dict[str, int] | None = None) -> None:
        if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or amount_cents < 1:
            raise ValueError("amount_cents must be an int >= 1")
        if not participants or len(set(participants)) != len(participants):
            raise ValueError("participants must be a non-empty list of distinct names")
        if weights is not None:
            if set(weights) != set(participants) or any(
                    isinstance(w, bool) or not isinstance(w, int) or w < 1 for w in weights.values()):
                raise ValueError("weights must give every participant an int >= 1")
        self.payer = payer
        self.amount_cents = amount_cents
        self.participants = list(participants)
        self.description = description
        self.weights = dict(weights) if weights is not None else None

    def shares(self) -> dict[str, int]:
        weights = self.weights or {p: 1 for p in self.participants}
        total = sum(weights.values())
        shares = {p: self.amount_cents * weights[p] // total for p in self.participants}
        left = self.amount_cents - sum(shares.values())
        order = sorted(self.participants)
        for i in range(left):
            shares[order[i % len(order)]] += 1
        return shares


def parse_amount(text: str) -> int:
    m = _AMOUNT.match(text)
    if not m:
        raise ValueError(f"bad amount {text!r}")
    whole, frac = m.group(1), (m.group(2) or "").ljust(2, "0")
    return int(whole) * 100 + int(frac)


def parse_expense(line: str) -> Expense:
    m = _LINE.match(line)
    if not m:
        raise ValueError(f"cannot parse expense {line!r}")
    payer, amount, names, description = m.groups()
    participants, weights = [], {}
    for raw in names.split(","):
        part = _PART.match(raw.strip())
        if not part or (part.group(2) is not None and int(part.group(2)) < 1):
            raise ValueError(f"bad participant {raw!r}")
        participants.append(part.group(1))
        if part.group(2) is not None:
            weights[part.group(1)] = int(part.group(2))
    if weights:
        weights = {p: weights.get(p, 1) for p in participants}
    return Expense(payer, parse_amount(amount), participants, description or "", weights or None)
