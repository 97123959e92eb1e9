"""Events: a dotted name ('order.paid') and a payload."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

NAME = re.compile(r"^[a-z]+(\.[a-z_]+)+$")


@dataclass(frozen=True)
class Event:
    name: str
    payload: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not NAME.match(self.name):
            raise ValueError(f"event names look like 'order.paid', got {self.name!r}")

    @property
    def topic(self) -> str:
        return self.name.split(".", 1)[0]
