"""Semantic versions with semver 2.0 ordering."""

from __future__ import annotations

import functools
import re

_RE = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?"
    r"(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$"
)


@functools.total_ordering
class Version:
    """MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]."""

    def __init__(self, major: int, minor: int, patch: int, prerelease: tuple[str, ...] = (), build: str = "") -> None:
        self.major, self.minor, self.patch = major, minor, patch
        self.prerelease = tuple(prerelease)
        self.build = build

    @classmethod
    def parse(cls, text: str) -> Version:
        m = _RE.match(text)
        if not m:
            raise ValueError(f"not a semantic version: {text!r}")
        pre = tuple(m.group(4).split(".")) if m.group(4) else ()
        if any(p.isdigit() and len(p) > 1 and p[0] == "0" for p in pre):
            raise ValueError(f"leading zero in prerelease of {text!r}")
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3)), pre, m.group(5) or "")

    def __str__(self) -> str:
        text = f"{self.major}.{self.minor}.{self.patch}"
        if self.prerelease:
            text += "-" + ".".join(self.prerelease)
        if self.build:
            text += "+" + self.build
        return text

    def __repr__(self) -> str:
        return f"Version({str(self)!r})"

    def _key(self) -> tuple:
        if not self.prerelease:
            pre: tuple = (1,)
        else:
            pre = (0, tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.prerelease))
        return (self.major, self.minor, self.patch, pre)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self._key() == other._key()

    def __lt__(self, other: Version) -> bool:
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())
