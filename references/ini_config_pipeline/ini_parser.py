"""Parse INI text into {section: {key: raw value}}."""

from __future__ import annotations


class IniSyntaxError(ValueError):
    """Malformed INI text; ``line`` is the 1-based line number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def parse_ini(text: str) -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith((";", "#")):
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip()
            if not name or name in data:
                raise IniSyntaxError(number, f"bad or repeated section {name!r}")
            current = data[name] = {}
            continue
        if "=" not in line:
            raise IniSyntaxError(number, "expected key = value")
        key, value = line.split("=", 1)
        key, value = key.strip().lower(), value.strip()
        if not key:
            raise IniSyntaxError(number, "empty key")
        if current is None:
            raise IniSyntaxError(number, "key outside of any section")
        if key in current:
            raise IniSyntaxError(number, f"repeated key {key!r}")
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        current[key] = value
    return data
