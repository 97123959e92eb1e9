"""Building the site: the paginated index pages and their navigation links."""

from __future__ import annotations

from .pagination import page_count, paginate
from .posts import Post, newest_first


def index_path(number: int) -> str:
    return "/" if number == 1 else f"/page/{number}/"


def index_page(posts: list[Post], number: int, per_page: int = 5) -> dict[str, object]:
    page = paginate(newest_first(posts), number, per_page)
    return {
        "path": index_path(number),
        "titles": [p.title for p in page.items],
        "next": index_path(number + 1) if page.has_next else None,
        "previous": index_path(number - 1) if page.has_previous else None,
    }


def build_index(posts: list[Post], per_page: int = 5) -> list[dict[str, object]]:
    return [index_page(posts, n, per_page) for n in range(1, page_count(len(posts), per_page) + 1)]
