"""The cookbook: recipes by name, and their scaled versions computed once."""

from __future__ import annotations

from .ingredients import normalise_name
from .recipes import Recipe, parse_recipe, split_recipes
from .scaling import scale


class Cookbook:
    def __init__(self) -> None:
        self._recipes: dict[str, Recipe] = {}
        self._scaled: dict[tuple[str, int], Recipe] = {}

    def add(self, recipe: Recipe) -> Recipe:
        """Add a recipe; one with the same name (any case) replaces the old one."""
        key = normalise_name(recipe.name)
        self._recipes[key] = recipe
        return recipe

    def load(self, text: str) -> list[Recipe]:
        """Add every recipe of a text of '# Name' sections (re-importing a file updates its recipes)."""
        return [self.add(parse_recipe(chunk)) for chunk in split_recipes(text)]

    def remove(self, name: str) -> None:
        key = normalise_name(name)
        if key not in self._recipes:
            raise KeyError(f"no recipe called {name!r}")
        del self._recipes[key]
        self._forget(key)

    def _forget(self, key: str) -> None:
        for cached in [k for k in self._scaled if k[0] == key]:
            del self._scaled[cached]

    def get(self, name: str) -> Recipe:
        try:
            return self._recipes[normalise_name(name)]
        except KeyError:
            raise KeyError(f"no recipe called {name!r}") from None

    def scaled(self, name: str, servings: int) -> Recipe:
        """The recipe for ``servings`` (computed once per recipe and number of servings)."""
        key = (normalise_name(name), servings)
        if key not in self._scaled:
            self._scaled[key] = scale(self.get(name), servings)
        return self._scaled[key]

    def names(self) -> list[str]:
        return sorted(r.name for r in self._recipes.values())

    def __contains__(self, name: str) -> bool:
        return normalise_name(name) in self._recipes
