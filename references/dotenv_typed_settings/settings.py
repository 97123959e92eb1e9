"""Typed settings from a .env text and an environment dict."""

from __future__ import annotations

import re

from envfile import parse_env

REQUIRED = object()
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_DURATION = re.compile(r"^(\d+)([smhd])$")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class SettingsError(ValueError):
    """Some settings are missing or invalid; ``problems`` lists (name, reason)."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__(", ".join(f"{n}: {r}" for n, r in problems))
        self.problems = problems


def convert(kind: str, raw: str) -> object:
    if kind == "str":
        return raw
    if kind == "int":
        return int(raw)
    if kind == "bool":
        low = raw.strip().lower()
        if low in _TRUE or low in _FALSE:
            return low in _TRUE
        raise ValueError(f"not a bool: {raw!r}")
    if kind == "list":
        return [item.strip() for item in raw.split(",") if item.strip()]
    if kind == "duration":
        m = _DURATION.match(raw.strip())
        if not m:
            raise ValueError(f"not a duration: {raw!r}")
        return int(m.group(1)) * _UNIT[m.group(2)]
    raise ValueError(f"unknown kind {kind!r}")


def load_settings(text: str, spec: dict[str, tuple[str, object]], environ: dict[str, str] | None = None) -> dict[str, object]:
    environ = environ or {}
    file_values = parse_env(text, environ)
    values: dict[str, object] = {}
    problems: list[tuple[str, str]] = []
    for name, (kind, default) in spec.items():
        raw = environ.get(name, file_values.get(name))
        if raw is None:
            if default is REQUIRED:
                problems.append((name, "missing"))
            else:
                values[name] = default
            continue
        try:
            values[name] = convert(kind, raw)
        except ValueError:
            problems.append((name, "invalid"))
    if problems:
        raise SettingsError(sorted(problems))
    return values
