"""Parse .env text: quoting, escapes, comments and ${VAR} interpolation."""

from __future__ import annotations

import re

_KEY = re.compile(r"^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$")
_REF = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


class EnvSyntaxError(ValueError):
    """A malformed .env line; ``line`` is its 1-based number."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


def _interpolate(value: str, known: dict[str, str], environ: dict[str, str]) -> str:
    def sub(m: re.Match) -> str:
        name, fallback = m.group(1), m.group(2)
        found = known.get(name, environ.get(name, ""))
        return fallback if fallback is not None and not found else found
    return _REF.sub(sub, value)


def _tail_ok(rest: str) -> bool:
    rest = rest.strip()
    return not rest or rest.startswith("#")


def _value(raw: str, number: int, known: dict[str, str], environ: dict[str, str]) -> str:
    if raw.startswith("'"):
        end = raw.find("'", 1)
        if end == -1 or not _tail_ok(raw[end + 1:]):
            raise EnvSyntaxError(number, "bad single-quoted value")
        return raw[1:end]
    if raw.startswith('"'):
        out, i = [], 1
        while i < len(raw) and raw[i] != '"':
            if raw[i] == "\\" and i + 1 < len(raw):
                nxt = raw[i + 1]
                out.append(_ESCAPES.get(nxt, "\\" + nxt))
                i += 2
            else:
                out.append(raw[i])
                i += 1
        if i >= len(raw) or not _tail_ok(raw[i + 1:]):
            raise EnvSyntaxError(number, "bad double-quoted value")
        return _interpolate("".join(out), known, environ)
    cut = re.search(r"\s#", raw)
    if cut:
        raw = raw[:cut.start()]
    return _interpolate(raw.strip(), known, environ)


def parse_env(text: str, environ: dict[str, str] | None = None) -> dict[str, str]:
    environ = environ or {}
    result: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _KEY.match(line)
        if not m:
            raise EnvSyntaxError(number, f"expected KEY=VALUE, got {line!r}")
        result[m.group(1)] = _value(m.group(2), number, result, environ)
    return result
