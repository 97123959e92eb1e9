"""The shopping list of a meal plan: every meal's scaled ingredients, summed, minus the pantry."""

from __future__ import annotations

from fractions import Fraction

from .aisles import ORDER, aisle_of
from .cookbook import Cookbook
from .mealplan import MealPlan
from .pantry import Pantry
from .quantities import format_number
from .units import for_display


def needed(book: Cookbook, plan: MealPlan) -> dict[tuple[str, str], Fraction]:
    """(ingredient, dimension) -> amount in base units over every planned meal."""
    missing = plan.unknown_recipes(book.names())
    if missing:
        raise KeyError(f"the plan uses recipes that are not in the cookbook: {', '.join(missing)}")
    totals: dict[tuple[str, str], Fraction] = {}
    for meal in plan.meals:
        for item in book.scaled(meal.recipe, meal.servings).ingredients:
            key = (item.name, item.quantity.dimension)
            totals[key] = totals.get(key, Fraction(0)) + item.quantity.base
    return totals


def shopping_list(book: Cookbook, plan: MealPlan, pantry: Pantry | None = None) -> list[str]:
    """Lines like 'dairy: milk 1.11 l', in aisle order, then by name; what the pantry covers is left out."""
    rows = []
    for (name, dimension), amount in needed(book, plan).items():
        if pantry is not None:
            amount -= pantry.has(name, dimension)
        if amount <= 0:
            continue
        value, symbol = for_display(amount, dimension)
        text = format_number(value) if dimension == "count" else f"{format_number(value)} {symbol}"
        aisle = aisle_of(name)
        rows.append((ORDER.index(aisle), name, f"{aisle}: {name} {text}"))
    return [line for _, _, line in sorted(rows)]
