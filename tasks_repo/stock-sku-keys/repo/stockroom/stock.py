"""Stock levels per SKU and the movements that change them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class Movement:
    sku: str
    delta: int
    reason: str


class Stock:
    def __init__(self) -> None:
        self._levels: dict[str, int] = defaultdict(int)
        self.movements: list[Movement] = []

    @staticmethod
    def _key(sku: str) -> str:
        return sku.strip().upper()

    def level(self, sku: str) -> int:
        return self._levels.get(self._key(sku), 0)

    def move(self, sku: str, delta: int, reason: str) -> int:
        key = self._key(sku)
        if self._levels[key] + delta < 0:
            raise ValueError(f"{sku}: only {self._levels[key]} in stock, cannot take {-delta}")
        self._levels[key] += delta
        self.movements.append(Movement(key, delta, reason))
        return self._levels[key]

    def receive(self, sku: str, quantity: int) -> int:
        return self.move(sku, quantity, "received")
