"""Scaling a recipe to another number of servings."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from .quantities import Quantity
from .recipes import Recipe


def scale(recipe: Recipe, servings: int) -> Recipe:
    """The recipe for ``servings``: amounts in proportion, whole pieces (eggs, onions) rounded up."""
    if servings < 1:
        raise ValueError(f"{recipe.name}: cannot cook {servings} servings")
    factor = Fraction(servings, recipe.servings)
    scaled = []
    for item in recipe.ingredients:
        quantity = item.quantity.times(factor)
        if quantity.dimension == "count":
            quantity = Quantity(Fraction(math.ceil(quantity.amount)), quantity.unit)
        scaled.append(replace(item, quantity=quantity))
    return Recipe(recipe.name, servings, tuple(scaled), recipe.steps)
