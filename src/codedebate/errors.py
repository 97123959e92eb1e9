"""The error every kind of bad input raises: it names the file and the field or key."""

from __future__ import annotations


class InputError(ValueError):
    """Bad user input; the message reads ``<source>: <noun> '<key>': <message>``."""

    noun = "key"

    def __init__(self, source: object, key: str | None, message: str) -> None:
        self.source, self.key = str(source), key
        where = f"{self.source}: {self.noun} '{key}'" if key else self.source
        super().__init__(f"{where}: {message}")
