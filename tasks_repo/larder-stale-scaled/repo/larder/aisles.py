"""Where things are in the shop, so the shopping list follows the aisles."""

from __future__ import annotations

AISLES: dict[str, tuple[str, ...]] = {
    "produce": ("apple", "apples", "banana", "bananas", "onion", "onions", "garlic", "lemon", "potatoes", "carrots"),
    "dairy": ("milk", "butter", "cream", "cheese", "yoghurt", "eggs"),
    "bakery": ("flour", "sugar", "baking powder", "yeast", "oats"),
    "pantry": ("rice", "pasta", "oil", "salt", "honey", "stock"),
}
ORDER = ("produce", "bakery", "dairy", "pantry", "other")


def aisle_of(name: str) -> str:
    """The aisle of an ingredient by its name or its last word ('plain flour' -> bakery)."""
    for candidate in (name, name.split()[-1] if name.split() else name):
        for aisle, names in AISLES.items():
            if candidate in names:
                return aisle
    return "other"
