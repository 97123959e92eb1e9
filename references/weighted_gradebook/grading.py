"""Grading rules: category weights, drop-lowest, letter cutoffs."""

from __future__ import annotations

DEFAULT_CUTOFFS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


class GradingScheme:
    """How item scores become category averages, a final score and a letter."""

    def __init__(self, weights: dict[str, float], cutoffs: list[tuple[float, str]] | None = None,
                 drop_lowest: dict[str, int] | None = None) -> None:
        if not weights or any(w <= 0 for w in weights.values()) or abs(sum(weights.values()) - 100) > 1e-9:
            raise ValueError("weights must be positive and add up to 100")
        cutoffs = list(DEFAULT_CUTOFFS if cutoffs is None else cutoffs)
        if any(a[0] <= b[0] for a, b in zip(cutoffs, cutoffs[1:])):
            raise ValueError("cutoffs must be strictly decreasing")
        drop_lowest = dict(drop_lowest or {})
        if any(c not in weights for c in drop_lowest):
            raise ValueError("drop_lowest names an unknown category")
        self.weights = dict(weights)
        self.cutoffs = cutoffs
        self.drop_lowest = drop_lowest

    def letters(self) -> list[str]:
        return [letter for _, letter in self.cutoffs] + ["F"]

    def letter(self, score: float) -> str:
        for minimum, letter in self.cutoffs:
            if score >= minimum:
                return letter
        return "F"

    def category_average(self, category: str, items: list[tuple[float, float]]) -> float | None:
        if not items:
            return None
        drop = min(self.drop_lowest.get(category, 0), len(items) - 1)
        order = sorted(range(len(items)), key=lambda i: (items[i][0] / items[i][1], i))
        dropped = set(order[:drop])
        kept = [item for i, item in enumerate(items) if i not in dropped]
        return round(100 * sum(e for e, _ in kept) / sum(p for _, p in kept), 2)

    def final_score(self, items_by_category: dict[str, list[tuple[float, float]]]) -> float | None:
        for category in items_by_category:
            if category not in self.weights:
                raise KeyError(category)
        averages = {c: self.category_average(c, items) for c, items in items_by_category.items() if items}
        if not averages:
            return None
        total_weight = sum(self.weights[c] for c in averages)
        return round(sum(avg * self.weights[c] for c, avg in averages.items()) / total_weight, 2)
