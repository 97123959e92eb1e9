"""A week's meal plan: which recipe, for how many, at which meal of which day."""

from __future__ import annotations

from dataclasses import dataclass

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
SLOTS = ("breakfast", "lunch", "dinner")


@dataclass(frozen=True)
class Meal:
    day: str
    slot: str
    recipe: str
    servings: int


class MealPlan:
    def __init__(self) -> None:
        self._meals: dict[tuple[str, str], Meal] = {}

    def add(self, day: str, slot: str, recipe: str, servings: int) -> MealPlan:
        """Plan a meal; planning the same day and slot again replaces it."""
        day, slot = day.strip().title()[:3], slot.strip().lower()
        if day not in DAYS:
            raise ValueError(f"unknown day {day!r} (use one of {', '.join(DAYS)})")
        if slot not in SLOTS:
            raise ValueError(f"unknown meal {slot!r} (use one of {', '.join(SLOTS)})")
        if servings < 1:
            raise ValueError(f"{recipe} on {day}: servings must be at least 1")
        self._meals[(day, slot)] = Meal(day, slot, recipe, servings)
        return self

    def drop(self, day: str, slot: str) -> None:
        self._meals.pop((day.strip().title()[:3], slot.strip().lower()), None)

    @property
    def meals(self) -> list[Meal]:
        """Every meal, Monday breakfast first."""
        return sorted(self._meals.values(), key=lambda m: (DAYS.index(m.day), SLOTS.index(m.slot)))

    def on(self, day: str) -> list[Meal]:
        return [m for m in self.meals if m.day == day]

    def unknown_recipes(self, known: set[str] | list[str]) -> list[str]:
        names = {n.lower() for n in known}
        return sorted({m.recipe for m in self.meals if m.recipe.lower() not in names})
