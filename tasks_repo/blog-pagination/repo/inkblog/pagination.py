"""Pages of a list: page numbers start at 1; the last page may be short."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    number: int
    items: list[T]
    total_pages: int

    @property
    def has_next(self) -> bool:
        return self.number < self.total_pages

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def page_count(total: int, per_page: int) -> int:
    return max(1, math.ceil(total / per_page))


def paginate(items: list[T], page: int, per_page: int = 5) -> Page[T]:
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    pages = page_count(len(items), per_page)
    if not 1 <= page <= pages:
        raise ValueError(f"page {page} does not exist (1..{pages})")
    start = page * per_page
    return Page(page, items[start:start + per_page], pages)
