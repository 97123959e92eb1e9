from larder.cookbook import Cookbook
from larder.mealplan import MealPlan
from larder.nutrition import day_kcal
from larder.shopping import shopping_list

PANCAKES = """
# Pancakes
serves 4
- 250 g flour
- 500 ml milk
- 2 eggs
- 1 tbsp sugar
1. Whisk everything into a smooth batter.
2. Fry thin pancakes in a hot pan.
"""

PORRIDGE = """
# Porridge
serves 2
- 80 g oats
- 1 1/2 cup milk
- 1 tsp sugar
1. Simmer the oats in the milk for five minutes.
"""


def week() -> MealPlan:
    return MealPlan().add("Mon", "breakfast", "Porridge", 2).add("Sat", "breakfast", "Pancakes", 6)


def test_week_list():
    book = Cookbook()
    book.load(PANCAKES + PORRIDGE)
    assert shopping_list(book, week()) == [
        "bakery: flour 375 g",
        "bakery: oats 80 g",
        "bakery: sugar 27.5 ml",
        "dairy: eggs 3",
        "dairy: milk 1.11 l",
    ]


def test_list_follows_a_reimported_recipe():
    book = Cookbook()
    book.load(PANCAKES + PORRIDGE)
    plan = week()
    assert "bakery: flour 375 g" in shopping_list(book, plan)
    book.load(PANCAKES.replace("250 g flour", "200 g flour").replace("2 eggs", "3 eggs"))
    assert book.get("Pancakes").ingredients[0].quantity.amount == 200
    items = shopping_list(book, plan)
    assert "bakery: flour 300 g" in items
    assert "dairy: eggs 5" in items


def test_calories_follow_a_reimported_recipe():
    book = Cookbook()
    book.load(PANCAKES)
    plan = MealPlan().add("Sat", "breakfast", "Pancakes", 6)
    before = day_kcal(book, plan, "Sat")
    book.load(PANCAKES.replace("500 ml milk", "250 ml milk"))
    assert day_kcal(book, plan, "Sat") == before - 40
