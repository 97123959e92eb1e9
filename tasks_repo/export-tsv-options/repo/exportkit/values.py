"""Plain-text forms of record values, shared by the text formats."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any


def text_of(value: Any, missing: str = "") -> str:
    """None -> ``missing``; dates in ISO form; floats without trailing zeros; booleans in lower case."""
    if value is None:
        return missing
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.6f}".rstrip("0").rstrip(".") if value == value else "nan"
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(value)


def json_value(value: Any) -> Any:
    """The value as JSON can hold it: dates and decimals become text, the rest stays."""
    if isinstance(value, (dt.date, dt.datetime, Decimal)):
        return text_of(value)
    return value
