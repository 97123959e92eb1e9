"""The runner's config: 'key = value' lines, '#' comments; unknown keys are errors."""

from __future__ import annotations

from dataclasses import dataclass

from .durations import parse_duration


@dataclass(frozen=True)
class Config:
    timeout_s: float = 60.0
    retry_delay_s: float = 1.0
    max_retries: int = 2
    workers: int = 1


KEYS = {"timeout": "timeout_s", "retry_delay": "retry_delay_s", "max_retries": "max_retries", "workers": "workers"}


def parse_config(text: str) -> Config:
    values: dict[str, object] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        if not sep:
            raise ValueError(f"line {number}: expected 'key = value', got {raw!r}")
        if key not in KEYS:
            raise ValueError(f"line {number}: unknown key {key!r} (known: {', '.join(KEYS)})")
        if key in ("timeout", "retry_delay"):
            values[KEYS[key]] = parse_duration(value)
        else:
            values[KEYS[key]] = int(value)
    return Config(**values)
