"""Recipes: ingredient parsing, scaling and combined shopping lists."""

from __future__ import annotations

from dataclasses import dataclass

from units import BASE, UnitError, convert, dimension, format_amount, to_display


@dataclass
class Ingredient:
    """An amount of something, in a unit."""

    name: str
    amount: float
    unit: str


def _number(token: str) -> float:
    if "/" in token:
        num, den = token.split("/", 1)
        return int(num) / int(den)  # ZeroDivisionError handled by caller
    return float(token)


def parse_quantity(text: str) -> float:
    parts = text.split()
    if not 1 <= len(parts) <= 2 or (len(parts) == 2 and ("/" not in parts[1] or "/" in parts[0])):
        raise ValueError(f"bad quantity {text!r}")
    try:
        value = sum(_number(p) for p in parts)
    except ZeroDivisionError:
        raise ValueError(f"zero denominator in {text!r}") from None
    if value <= 0:
        raise ValueError(f"quantity must be positive: {text!r}")
    return value


def parse_ingredient(line: str) -> Ingredient:
    tokens = line.split()
    count = 2 if len(tokens) > 2 and "/" in tokens[1] and "/" not in tokens[0] else 1
    if len(tokens) < count + 2:
        raise ValueError(f"expected '<quantity> <unit> <name>': {line!r}")
    amount = parse_quantity(" ".join(tokens[:count]))
    unit = tokens[count].lower()
    dimension(unit)
    name = " ".join(tokens[count + 1:]).strip()
    return Ingredient(name, amount, unit)


def _combine(ingredients: list[Ingredient]) -> dict[str, tuple[float, str]]:
    sums: dict[str, tuple[float, str]] = {}
    for ing in ingredients:
        dim = dimension(ing.unit)
        if ing.name in sums and dimension(sums[ing.name][1]) != dim:
            raise UnitError(f"{ing.name} used as {dim} and {dimension(sums[ing.name][1])}")
        base = BASE[dim]
        total = sums.get(ing.name, (0.0, base))[0]
        sums[ing.name] = (total + convert(ing.amount, ing.unit, base), base)
    return {name: to_display(amount, unit) for name, (amount, unit) in sums.items()}


class Recipe:
    """A named list of ingredients for a number of servings."""

    def __init__(self, name: str, servings: int, ingredients: list[Ingredient]) -> None:
        if isinstance(servings, bool) or not isinstance(servings, int) or servings < 1:
            raise ValueError("servings must be an int >= 1")
        self.name = name
        self.servings = servings
        self.ingredients = list(ingredients)

    @classmethod
    def from_text(cls, name: str, servings: int, text: str) -> Recipe:
        lines = [line for line in text.splitlines() if line.strip()]
        return cls(name, servings, [parse_ingredient(line) for line in lines])

    def scale(self, servings: int) -> Recipe:
        factor = servings / self.servings
        scaled = [Ingredient(i.name, i.amount * factor, i.unit) for i in self.ingredients]
        return Recipe(self.name, servings, scaled)

    def totals(self) -> dict[str, tuple[float, str]]:
        return _combine(self.ingredients)


def shopping_list(recipes: list[Recipe]) -> list[str]:
    everything = [ing for recipe in recipes for ing in recipe.ingredients]
    totals = _combine(everything)
    return [f"{name}: {format_amount(amount)} {unit}" for name, (amount, unit) in sorted(totals.items())]
