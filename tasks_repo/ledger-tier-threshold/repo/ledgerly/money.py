"""Money as integer cents with a currency code; arithmetic refuses to mix currencies."""

from __future__ import annotations

from dataclasses import dataclass


class CurrencyMismatch(ValueError):
    """Two amounts in different currencies were combined."""


@dataclass(frozen=True, order=True)
class Money:
    cents: int
    currency: str = "EUR"

    @classmethod
    def parse(cls, text: str, currency: str = "EUR") -> "Money":
        """'12.50' -> Money(1250); at most two decimals."""
        text = text.strip().replace(",", "")
        negative = text.startswith("-")
        text = text.lstrip("-")
        whole, _, frac = text.partition(".")
        if len(frac) > 2:
            raise ValueError(f"too many decimals in {text!r}")
        cents = int(whole or "0") * 100 + int((frac + "00")[:2])
        return cls(-cents if negative else cents, currency)

    def _check(self, other: "Money") -> None:
        if other.currency != self.currency:
            raise CurrencyMismatch(f"{self.currency} vs {other.currency}")

    def __add__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents + other.cents, self.currency)

    def __sub__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents - other.cents, self.currency)

    def times(self, factor: float) -> "Money":
        """Multiply and round half away from zero to whole cents."""
        value = self.cents * factor
        rounded = int(abs(value) + 0.5)
        return Money(rounded if value >= 0 else -rounded, self.currency)

    def format(self) -> str:
        sign = "-" if self.cents < 0 else ""
        cents = abs(self.cents)
        return f"{sign}{cents // 100}.{cents % 100:02d} {self.currency}"


def total(amounts: list[Money], currency: str = "EUR") -> Money:
    """Sum of amounts (zero in ``currency`` for an empty list)."""
    result = Money(0, currency)
    for amount in amounts:
        result = result + amount
    return result
