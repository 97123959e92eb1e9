from fractions import Fraction

import pytest

from larder.ingredients import parse_ingredient
from larder.quantities import Quantity, format_number, parse_number
from larder.units import convert, for_display, unit


def test_numbers():
    assert parse_number("2") == 2
    assert parse_number("0.5") == Fraction(1, 2)
    assert parse_number("1/3") == Fraction(1, 3)
    assert parse_number("1 1/2") == Fraction(3, 2)
    with pytest.raises(ValueError):
        parse_number("a few")
    assert [format_number(Fraction(x)) for x in ("3/2", "1/3", "4", "2.50")] == ["1.5", "0.33", "4", "2.5"]


def test_units_and_conversion():
    assert unit("Tablespoons").symbol == "tbsp"
    assert convert(Fraction(2), "cup", "ml") == 480
    assert convert(Fraction(3), "tsp", "tbsp") == 1
    with pytest.raises(ValueError, match="cannot convert g"):
        convert(Fraction(1), "g", "ml")
    with pytest.raises(KeyError, match="unknown unit 'handful'"):
        unit("handful")


def test_display_units():
    assert for_display(Fraction(1500), "mass") == (Fraction(3, 2), "kg")
    assert for_display(Fraction(999), "volume") == (Fraction(999), "ml")
    assert for_display(Fraction(12), "count") == (Fraction(12), "pc")


def test_ingredient_lines():
    flour = parse_ingredient("- 200 g Plain  Flour, sifted")
    assert (flour.name, flour.quantity, flour.note) == ("plain flour", Quantity(Fraction(200), "g"), "sifted")
    assert str(flour) == "200 g plain flour, sifted"
    eggs = parse_ingredient("2 eggs")
    assert eggs.quantity == Quantity(Fraction(2)) and str(eggs) == "2 eggs"
    milk = parse_ingredient("1 1/2 cups milk")
    assert milk.quantity.base == 360 and milk.quantity.dimension == "volume"
    with pytest.raises(ValueError, match="without an amount"):
        parse_ingredient("salt to taste")
    with pytest.raises(ValueError):
        Quantity(Fraction(-1), "g")
