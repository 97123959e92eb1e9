import pytest

from larder.cookbook import Cookbook
from larder.mealplan import MealPlan
from larder.recipes import parse_recipe, split_recipes
from larder.scaling import scale

OMELETTE = """
# Omelette
serves 2
- 3 eggs
- 20 g butter
- 50 ml milk
1. Beat the eggs with the milk.
2. Cook in the butter.
"""

SOUP = """
# Soup
serves 4
- 2 onions
- 1 l stock
"""


def test_parse_recipe():
    recipe = parse_recipe(OMELETTE)
    assert (recipe.name, recipe.servings, len(recipe.ingredients)) == ("Omelette", 2, 3)
    assert recipe.steps == ("Beat the eggs with the milk.", "Cook in the butter.")
    with pytest.raises(ValueError, match="line 3"):
        parse_recipe("# Toast\nserves 1\n- some bread")
    with pytest.raises(ValueError, match="no ingredients"):
        parse_recipe("# Water\nserves 1")


def test_split_recipes():
    assert [parse_recipe(t).name for t in split_recipes(OMELETTE + SOUP)] == ["Omelette", "Soup"]


def test_scaling_rounds_pieces_up():
    omelette = scale(parse_recipe(OMELETTE), 3)
    assert [str(i.quantity) for i in omelette.ingredients] == ["5", "30 g", "75 ml"]
    assert scale(parse_recipe(SOUP), 1).ingredients[0].quantity.amount == 1
    with pytest.raises(ValueError):
        scale(parse_recipe(SOUP), 0)


def test_cookbook_scales_once_and_forgets_removed_recipes():
    book = Cookbook()
    book.load(OMELETTE + SOUP)
    assert book.scaled("omelette", 4) is book.scaled("Omelette", 4)
    assert book.scaled("Omelette", 4).ingredients[0].quantity.amount == 6
    book.remove("Omelette")
    assert "omelette" not in book and book.names() == ["Soup"]
    with pytest.raises(KeyError, match="no recipe called 'Omelette'"):
        book.scaled("Omelette", 4)


def test_meal_plan():
    plan = MealPlan().add("monday", "Dinner", "Soup", 4).add("Mon", "breakfast", "Omelette", 1)
    plan.add("Mon", "dinner", "Omelette", 2)
    assert [(m.slot, m.recipe) for m in plan.on("Mon")] == [("breakfast", "Omelette"), ("dinner", "Omelette")]
    assert plan.unknown_recipes(["Soup"]) == ["Omelette"]
    with pytest.raises(ValueError, match="unknown day"):
        plan.add("Someday", "lunch", "Soup", 1)
    with pytest.raises(ValueError, match="servings"):
        plan.add("Tue", "lunch", "Soup", 0)
