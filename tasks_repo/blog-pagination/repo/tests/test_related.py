from datetime import date

from inkblog.posts import Post
from inkblog.related import reading_minutes, related


def post(slug, day, tags, words=10):
    return Post(slug, slug.title(), date(2024, 1, day), tags, "w " * words)


def test_related_by_shared_tags_then_newest():
    a, b, c, d = post("a", 1, ("x", "y")), post("b", 2, ("x",)), post("c", 3, ("x", "y")), post("d", 4, ("z",))
    assert [p.slug for p in related(a, [a, b, c, d])] == ["c", "b"]
    assert reading_minutes(post("e", 5, (), words=450)) == 2
