"""Ingredient lines: '200 g flour', '1 1/2 cup milk, warm', '2 eggs'."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .quantities import Quantity, parse_number
from .units import unit

AMOUNT = re.compile(r"^(\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+)\s+(.*)$")


def normalise_name(name: str) -> str:
    """Lower case, single spaces: 'Plain  Flour' -> 'plain flour'."""
    return " ".join(name.lower().split())


@dataclass(frozen=True)
class Ingredient:
    name: str
    quantity: Quantity
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.quantity} {self.name}"
        return f"{text}, {self.note}" if self.note else text


def parse_ingredient(line: str) -> Ingredient:
    """An amount, an optional unit, the name and an optional note after a comma."""
    text = line.strip().lstrip("-").strip()
    match = AMOUNT.match(text)
    if not match:
        raise ValueError(f"ingredient without an amount: {line!r} (e.g. '200 g flour')")
    amount, rest = parse_number(match.group(1)), match.group(2)
    first, _, remainder = rest.partition(" ")
    try:
        symbol = unit(first).symbol
        rest = remainder
    except KeyError:
        symbol = "pc"
    name, _, note = rest.partition(",")
    if not name.strip():
        raise ValueError(f"ingredient without a name: {line!r}")
    return Ingredient(normalise_name(name), Quantity(amount, symbol), note.strip())
