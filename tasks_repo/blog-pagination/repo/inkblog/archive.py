"""The archive: posts grouped by year and month, newest month first."""

from __future__ import annotations

from collections import defaultdict

from .posts import Post, newest_first

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")


def by_month(posts: list[Post]) -> list[tuple[str, list[str]]]:
    groups: dict[tuple[int, int], list[Post]] = defaultdict(list)
    for post in posts:
        groups[(post.published.year, post.published.month)].append(post)
    out = []
    for (year, month) in sorted(groups, reverse=True):
        out.append((f"{MONTHS[month - 1]} {year}", [p.title for p in newest_first(groups[(year, month)])]))
    return out
