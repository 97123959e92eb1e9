from datetime import date, timedelta

from inkblog.posts import Post
from inkblog.site import build_index, index_page


def make_posts(n):
    """Post 1 is the oldest, post n the newest (one a day from 1 January 2024)."""
    return [Post(f"post-{i}", f"Post {i}", date(2024, 1, 1) + timedelta(days=i - 1), ("notes",), f"Body {i}.")
            for i in range(1, n + 1)]


def test_front_page_shows_the_five_newest():
    page = index_page(make_posts(12), 1)
    assert page["titles"] == ["Post 12", "Post 11", "Post 10", "Post 9", "Post 8"]
    assert (page["path"], page["previous"], page["next"]) == ("/", None, "/page/2/")


def test_every_post_appears_once_across_the_index():
    pages = build_index(make_posts(12))
    titles = [t for p in pages for t in p["titles"]]
    assert sorted(titles) == sorted(f"Post {i}" for i in range(1, 13))
