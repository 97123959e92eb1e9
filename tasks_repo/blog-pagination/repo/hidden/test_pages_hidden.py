import pytest

from inkblog.pagination import paginate
from inkblog.site import build_index


def test_pages_cover_the_list_in_order():
    items = list(range(1, 12))
    assert [paginate(items, n, 4).items for n in (1, 2, 3)] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]


def test_single_short_page_and_bounds():
    assert paginate([1, 2], 1, 5).items == [1, 2]
    assert paginate([], 1).items == []
    with pytest.raises(ValueError):
        paginate([1, 2, 3], 2, 5)


def test_last_index_page_links_back():
    from datetime import date, timedelta

    from inkblog.posts import Post

    posts = [Post(f"p{i}", f"P{i}", date(2024, 5, 1) + timedelta(days=i), (), "x.") for i in range(7)]
    last = build_index(posts, per_page=3)[-1]
    assert last == {"path": "/page/3/", "titles": ["P0"], "next": None, "previous": "/page/2/"}
