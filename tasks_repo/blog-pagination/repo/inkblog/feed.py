"""A minimal Atom-like feed of the newest posts (summaries are the first sentence)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .posts import Post, newest_first


def summary(post: Post, limit: int = 140) -> str:
    first = post.body.split(". ", 1)[0].strip()
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "…"


def feed(posts: list[Post], site: str, count: int = 10) -> str:
    entries = []
    for post in newest_first(posts)[:count]:
        entries.append(f"<entry><title>{escape(post.title)}</title><link href=\"{site}/{post.slug}/\"/>"
                       f"<updated>{post.published.isoformat()}</updated><summary>{escape(summary(post))}</summary></entry>")
    return "<feed>" + "".join(entries) + "</feed>"
