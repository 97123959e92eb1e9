from fractions import Fraction

from larder.cookbook import Cookbook
from larder.ingredients import Ingredient
from larder.mealplan import MealPlan
from larder.nutrition import day_kcal
from larder.pantry import Pantry
from larder.quantities import Quantity
from larder.recipes import Recipe
from larder.shopping import shopping_list

PANCAKES = """
# Pancakes
serves 4
- 250 g flour
- 500 ml milk
- 2 eggs
"""

RISOTTO = """
# Risotto
serves 2
- 160 g rice
- 2 carrots
- 750 ml stock
"""


def test_every_cached_serving_is_refreshed():
    book = Cookbook()
    book.load(PANCAKES)
    for servings in (1, 4, 6):
        book.scaled("Pancakes", servings)
    book.load(PANCAKES.replace("250 g flour", "300 g flour"))
    assert [book.scaled("Pancakes", n).ingredients[0].quantity.amount for n in (1, 4, 6, 8)] == [75, 300, 450, 600]


def test_replacing_under_another_spelling():
    book = Cookbook()
    book.load(PANCAKES)
    plan = MealPlan().add("Sun", "breakfast", "pancakes", 2)
    assert "dairy: milk 250 ml" in shopping_list(book, plan)
    book.add(Recipe("PANCAKES", 2, (Ingredient("flour", Quantity(Fraction(100), "g")),
                                     Ingredient("milk", Quantity(Fraction(300), "ml")))))
    assert shopping_list(book, plan) == ["bakery: flour 100 g", "dairy: milk 300 ml"]


def test_other_recipes_still_right_after_a_reimport():
    book = Cookbook()
    book.load(PANCAKES + RISOTTO)
    plan = MealPlan().add("Mon", "breakfast", "Pancakes", 4).add("Mon", "dinner", "Risotto", 4)
    first = shopping_list(book, plan)
    book.load(RISOTTO)
    assert shopping_list(book, plan) == first
    book.load(RISOTTO.replace("2 carrots", "4 carrots"))
    assert "produce: carrots 8" in shopping_list(book, plan)


def test_pantry_and_calories_after_an_edit():
    book = Cookbook()
    book.load(PANCAKES)
    plan = MealPlan().add("Sat", "breakfast", "Pancakes", 8)
    pantry = Pantry()
    pantry.put("500 g flour")
    assert not [line for line in shopping_list(book, plan, pantry) if "flour" in line]
    assert day_kcal(book, plan, "Sat") == round((Fraction(250 * 364, 100) + 320 + 144) / 4)
    book.load(PANCAKES.replace("250 g flour", "400 g flour"))
    assert "bakery: flour 300 g" in shopping_list(book, plan, pantry)
    assert day_kcal(book, plan, "Sat") == round((Fraction(400 * 364, 100) + 320 + 144) / 4)
