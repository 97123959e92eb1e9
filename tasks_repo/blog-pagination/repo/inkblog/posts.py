"""Posts from text: a header block ('title:', 'date:', 'tags:'), a blank line, the body."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Post:
    slug: str
    title: str
    published: date
    tags: tuple[str, ...]
    body: str

    @property
    def words(self) -> int:
        return len(self.body.split())


def slugify(title: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug or "post"


def parse_post(text: str) -> Post:
    head, _, body = text.partition("\n\n")
    fields = {}
    for line in head.splitlines():
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"header line without ':': {line!r}")
        fields[key.strip().lower()] = value.strip()
    for key in ("title", "date"):
        if key not in fields:
            raise ValueError(f"the header needs '{key}:'")
    tags = tuple(t.strip().lower() for t in fields.get("tags", "").split(",") if t.strip())
    return Post(slugify(fields["title"]), fields["title"], date.fromisoformat(fields["date"]), tags, body.strip())


def newest_first(posts: list[Post]) -> list[Post]:
    return sorted(posts, key=lambda p: (p.published, p.slug), reverse=True)
