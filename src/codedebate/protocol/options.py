"""A protocol's own options: ``settings.protocol_options``, checked against its options dataclass.

Each protocol that has options declares a frozen dataclass (field types and defaults, range
checks in ``__post_init__`` raising SettingsError) and reads it with :func:`parse_options`, so a
new protocol adds options without editing DebateSettings or the shared config schema.
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Any, TypeVar, get_type_hints

from .settings import DebateSettings, SettingsError, coerce

T = TypeVar("T")


def parse_options(cls: type[T], settings: DebateSettings, source: str = "settings") -> T:
    """``settings.protocol_options`` as an instance of ``cls``; unknown keys and bad types fail
    naming ``protocol_options.<key>``."""
    data = settings.protocol_options
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for key in sorted(set(data) - known):
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(sorted(known)) or 'none'}"
        raise SettingsError(source, f"protocol_options.{key}",
                            f"is not an option of protocol '{settings.protocol}' ({hint})")
    hints = get_type_hints(cls)
    values: dict[str, Any] = {k: coerce(v, hints[k], source, f"protocol_options.{k}") for k, v in data.items()}
    return cls(**values)


def check_range(source: str, key: str, value: float, low: float | None = None, high: float | None = None) -> None:
    """Raise SettingsError naming ``protocol_options.<key>`` when value lies outside [low, high]."""
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"between {low} and {high}" if low is not None and high is not None else (
            f"at least {low}" if low is not None else f"at most {high}")
        raise SettingsError(source, f"protocol_options.{key}", f"must be {bounds}, got {value}")
