"""Energy per serving from a small table of kcal per 100 g, per 100 ml or per piece."""

from __future__ import annotations

from fractions import Fraction

from .cookbook import Cookbook
from .mealplan import MealPlan
from .recipes import Recipe

# (ingredient, dimension) -> kcal per 100 base units (g or ml), or per piece for counts
KCAL: dict[tuple[str, str], int] = {
    ("flour", "mass"): 364, ("oats", "mass"): 389, ("butter", "mass"): 717, ("sugar", "mass"): 387,
    ("sugar", "volume"): 340, ("milk", "volume"): 64, ("cream", "volume"): 340, ("oil", "volume"): 828,
    ("eggs", "count"): 72, ("apples", "count"): 95, ("bananas", "count"): 105,
}


def recipe_kcal(recipe: Recipe) -> tuple[Fraction, list[str]]:
    """Total kcal of a recipe, and the ingredients the table does not know (counted as 0)."""
    total, unknown = Fraction(0), []
    for item in recipe.ingredients:
        key = (item.name, item.quantity.dimension)
        if key not in KCAL:
            unknown.append(item.name)
            continue
        per = 1 if item.quantity.dimension == "count" else 100
        total += item.quantity.base * KCAL[key] / per
    return total, unknown


def per_serving(recipe: Recipe) -> int:
    total, _ = recipe_kcal(recipe)
    return round(total / recipe.servings)


def day_kcal(book: Cookbook, plan: MealPlan, day: str) -> int:
    """kcal one person eats on ``day``: one serving of each planned meal, as it is cooked."""
    return sum(per_serving(book.scaled(m.recipe, m.servings)) for m in plan.on(day))
