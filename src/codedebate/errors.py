"""The error every kind of bad input raises (it names the file and the field or key), and the
YAML reader that raises it."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class InputError(ValueError):
    """Bad user input; the message reads ``<source>: <noun> '<key>': <message>``."""

    noun = "key"

    def __init__(self, source: object, key: str | None, message: str) -> None:
        self.source, self.key, self.message = str(source), key, message
        where = f"{self.source}: {self.noun} '{key}'" if key else self.source
        super().__init__(f"{where}: {message}")


def read_yaml_mapping(path: Path | str, error: type[InputError] = InputError) -> dict[str, Any]:
    """Read a YAML file that must hold a mapping (an empty file is an empty mapping)."""
    import yaml

    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(path, None, f"cannot be read: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise error(path, None, f"is not valid YAML: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise error(path, None, f"must hold a mapping, got {type(data).__name__}")
    return data
