"""Guess and convert column types: int, float, bool, date, or text."""

from __future__ import annotations

from datetime import date

TRUE, FALSE = {"true", "yes", "1"}, {"false", "no", "0"}


def to_value(text: str, kind: str):
    text = text.strip()
    if text == "":
        return None
    if kind == "int":
        return int(text)
    if kind == "float":
        return float(text.replace(",", "."))
    if kind == "bool":
        low = text.lower()
        if low in TRUE:
            return True
        if low in FALSE:
            return False
        raise ValueError(f"not a boolean: {text!r}")
    if kind == "date":
        return date.fromisoformat(text)
    return text


def guess(values: list[str]) -> str:
    """The narrowest kind every non-empty value converts to."""
    present = [v for v in values if v.strip()]
    for kind in ("int", "float", "bool", "date"):
        try:
            for v in present:
                to_value(v, kind)
        except ValueError:
            continue
        if present:
            return kind
    return "text"
