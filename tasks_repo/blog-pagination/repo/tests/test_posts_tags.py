from datetime import date

import pytest

from inkblog.archive import by_month
from inkblog.feed import feed, summary
from inkblog.posts import parse_post, slugify
from inkblog.tags import posts_tagged, tag_cloud

TEXT = "title: Hello, World!\ndate: 2024-02-03\ntags: Python, notes\n\nFirst sentence. Second one."


def test_parse_post_and_slug():
    post = parse_post(TEXT)
    assert (post.slug, post.published, post.tags, post.words) == ("hello-world", date(2024, 2, 3), ("python", "notes"), 4)
    assert slugify("!!!") == "post"
    with pytest.raises(ValueError):
        parse_post("title: x\n\nbody")


def test_tags_archive_feed():
    a = parse_post(TEXT)
    b = parse_post("title: Later\ndate: 2024-03-01\ntags: notes\n\nOk. Fine.")
    assert [p.title for p in posts_tagged([a, b], "Notes")] == ["Later", "Hello, World!"]
    assert tag_cloud([a, b]) == [("notes", 2), ("python", 1)]
    assert by_month([a, b]) == [("March 2024", ["Later"]), ("February 2024", ["Hello, World!"])]
    assert summary(a) == "First sentence"
    assert feed([a], "https://x.org").count("<entry>") == 1
