from fractions import Fraction

import pytest

from larder.aisles import aisle_of
from larder.cookbook import Cookbook
from larder.mealplan import MealPlan
from larder.nutrition import per_serving, recipe_kcal
from larder.pantry import Pantry
from larder.recipes import parse_recipe
from larder.shopping import shopping_list

CRUMBLE = """
# Crumble
serves 4
- 4 apples
- 100 g flour
- 75 g butter
- 50 g sugar
- 1 lemon, zest only
"""


def test_pantry_covers_part_of_the_list():
    book = Cookbook()
    book.load(CRUMBLE)
    plan = MealPlan().add("Sun", "dinner", "Crumble", 6)
    pantry = Pantry()
    pantry.put("1 kg flour")
    pantry.put("50 g butter")
    pantry.put("2 apples")
    assert pantry.has("Flour", "mass") == 1000
    assert shopping_list(book, plan, pantry) == [
        "produce: apples 4",
        "produce: lemon 2",
        "bakery: sugar 75 g",
        "dairy: butter 62.5 g",
    ]


def test_plan_with_an_unknown_recipe():
    with pytest.raises(KeyError, match="not in the cookbook: Trifle"):
        shopping_list(Cookbook(), MealPlan().add("Sun", "dinner", "Trifle", 2))


def test_aisles():
    assert aisle_of("plain flour") == "bakery"
    assert aisle_of("eggs") == "dairy"
    assert aisle_of("saffron") == "other"


def test_kcal():
    crumble = parse_recipe(CRUMBLE)
    total, unknown = recipe_kcal(crumble)
    assert total == Fraction(4 * 95) + Fraction(364) + Fraction(717 * 75, 100) + Fraction(387 * 50, 100)
    assert unknown == ["lemon"]
    assert per_serving(crumble) == 369
