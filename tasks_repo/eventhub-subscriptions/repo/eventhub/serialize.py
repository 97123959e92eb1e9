"""Events to and from JSON lines (the bus's persistence format)."""

from __future__ import annotations

import json

from .events import Event


def dumps(event: Event) -> str:
    return json.dumps({"name": event.name, "payload": event.payload}, sort_keys=True)


def loads(line: str) -> Event:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not an event line: {exc.msg}") from None
    if not isinstance(data, dict) or "name" not in data:
        raise ValueError("an event line needs a 'name'")
    payload = data.get("payload", {})
    if not isinstance(payload, dict):
        raise ValueError("'payload' must be an object")
    return Event(data["name"], payload)


def replay(lines: list[str]) -> list[Event]:
    return [loads(line) for line in lines if line.strip()]
