"""Recipes and the plain-text format they are written in."""

from __future__ import annotations

from dataclasses import dataclass

from .ingredients import Ingredient, parse_ingredient


@dataclass(frozen=True)
class Recipe:
    name: str
    servings: int
    ingredients: tuple[Ingredient, ...]
    steps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.servings < 1:
            raise ValueError(f"{self.name}: servings must be at least 1, got {self.servings}")


def parse_recipe(text: str) -> Recipe:
    """'# Name', 'serves N', '- ingredient' lines, then numbered steps ('1. ...')."""
    name, servings = "", 0
    ingredients: list[Ingredient] = []
    steps: list[str] = []
    for number, raw in enumerate(text.strip().splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            name = line.lstrip("#").strip()
        elif line.lower().startswith("serves "):
            try:
                servings = int(line.split()[1])
            except ValueError:
                raise ValueError(f"line {number}: 'serves' needs a whole number, got {line!r}") from None
        elif line.startswith("-"):
            try:
                ingredients.append(parse_ingredient(line))
            except ValueError as err:
                raise ValueError(f"line {number}: {err}") from None
        elif line[0].isdigit() and "." in line:
            steps.append(line.split(".", 1)[1].strip())
        else:
            raise ValueError(f"line {number}: cannot read {line!r}")
    if not name:
        raise ValueError("a recipe needs a '# Name' line")
    if not ingredients:
        raise ValueError(f"{name}: no ingredients ('- 200 g flour' lines)")
    return Recipe(name, servings or 1, tuple(ingredients), tuple(steps))


def split_recipes(text: str) -> list[str]:
    """A file of several recipes, each starting at a '# Name' line."""
    chunks: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("# "):
            chunks.append([])
        if chunks:
            chunks[-1].append(line)
    return ["\n".join(chunk) for chunk in chunks]
