"""Tag pages and the tag cloud."""

from __future__ import annotations

from collections import Counter

from .posts import Post, newest_first


def posts_tagged(posts: list[Post], tag: str) -> list[Post]:
    return newest_first([p for p in posts if tag.lower() in p.tags])


def tag_cloud(posts: list[Post], top: int = 10) -> list[tuple[str, int]]:
    counts = Counter(t for p in posts for t in p.tags)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
