"""Related posts: the posts that share the most tags with a post (newest first on ties)."""

from __future__ import annotations

from .posts import Post


def related(post: Post, posts: list[Post], count: int = 3) -> list[Post]:
    scored = []
    for other in posts:
        if other.slug == post.slug:
            continue
        shared = len(set(post.tags) & set(other.tags))
        if shared:
            scored.append((shared, other.published, other.slug, other))
    scored.sort(key=lambda s: (-s[0], -s[1].toordinal(), s[2]))
    return [s[3] for s in scored[:count]]


def reading_minutes(post: Post, words_per_minute: int = 200) -> int:
    return max(1, round(post.words / words_per_minute))
