"""SKUs as people type them ('ab-1234', 'AB 1234') and their canonical form ('AB1234')."""

from __future__ import annotations

import re

SKU = re.compile(r"^[A-Z]{2}\d{4}$")


def canonical(text: str) -> str:
    """Upper case, without spaces and dashes; ValueError when it is not two letters and four digits."""
    key = re.sub(r"[\s-]", "", text).upper()
    if not SKU.match(key):
        raise ValueError(f"not a SKU: {text!r} (two letters and four digits, e.g. AB-1234)")
    return key


def display(key: str) -> str:
    """'AB1234' -> 'AB-1234'."""
    return f"{key[:2]}-{key[2:]}"
