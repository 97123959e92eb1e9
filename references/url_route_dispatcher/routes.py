"""Compile URL patterns with typed placeholders; match and build paths."""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"^<(?:(str|int|path):)?([A-Za-z_][A-Za-z0-9_]*)>$")


class Route:
    """A compiled pattern: literal segments and (name, converter) placeholders."""

    def __init__(self, pattern: str, segments: list[tuple[str, str | None]]) -> None:
        self.pattern = pattern
        self._segments = segments
        self.params = [text for text, conv in segments if conv is not None]

    @property
    def is_static(self) -> bool:
        return not self.params

    def match(self, path: str) -> dict | None:
        parts = path.split("/")
        values: dict = {}
        for i, (text, conv) in enumerate(self._segments):
            if conv == "path":
                rest = "/".join(parts[i:])
                if not rest:
                    return None
                values[text] = rest
                return values
            if i >= len(parts):
                return None
            part = parts[i]
            if conv is None:
                if part != text:
                    return None
            elif conv == "int":
                if not (part.isascii() and part.isdigit()):
                    return None
                values[text] = int(part)
            else:
                if not part:
                    return None
                values[text] = part
        return values if len(parts) == len(self._segments) else None

    def build(self, **values) -> str:
        for name in self.params:
            if name not in values:
                raise KeyError(name)
        extra = set(values) - set(self.params)
        if extra:
            raise TypeError(f"unexpected parameters {sorted(extra)}")
        out = []
        for text, conv in self._segments:
            if conv is None:
                out.append(text)
                continue
            value = values[text]
            if conv == "int":
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ValueError(f"{text} must be a non-negative int")
                out.append(str(value))
            else:
                if not isinstance(value, str) or not value or (conv == "str" and "/" in value):
                    raise ValueError(f"bad value for {text}: {value!r}")
                out.append(value)
        return "/".join(out)


def compile_pattern(pattern: str) -> Route:
    if not pattern.startswith("/"):
        raise ValueError("a pattern must start with '/'")
    segments: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    parts = pattern.split("/")
    for i, part in enumerate(parts):
        if "<" not in part and ">" not in part:
            segments.append((part, None))
            continue
        m = _PLACEHOLDER.match(part)
        if not m:
            raise ValueError(f"bad placeholder segment {part!r}")
        conv, name = m.group(1) or "str", m.group(2)
        if name in seen:
            raise ValueError(f"repeated parameter {name!r}")
        if conv == "path" and i != len(parts) - 1:
            raise ValueError("a path placeholder must be the last segment")
        seen.add(name)
        segments.append((name, conv))
    return Route(pattern, segments)
