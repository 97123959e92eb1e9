"""Version ranges: caret, tilde, wildcards, comparisons, AND and OR."""

from __future__ import annotations

import operator
import re

from semver import Version

_OPS = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le, "=": operator.eq}
_CMP = re.compile(r"^(>=|<=|>|<|=)?(.+)$")
_WILD = re.compile(r"^(0|[1-9]\d*)(?:\.(0|[1-9]\d*|x|\*))?(?:\.(x|\*))?$")


def _v(major: int, minor: int, patch: int) -> Version:
    return Version(major, minor, patch)


def _part(token: str) -> list[tuple[str, Version]]:
    if token in ("*", "x"):
        return []
    if token[0] == "^":
        v = Version.parse(token[1:])
        if v.major > 0:
            upper = _v(v.major + 1, 0, 0)
        elif v.minor > 0:
            upper = _v(0, v.minor + 1, 0)
        else:
            upper = _v(0, 0, v.patch + 1)
        return [(">=", v), ("<", upper)]
    if token[0] == "~":
        v = Version.parse(token[1:])
        return [(">=", v), ("<", _v(v.major, v.minor + 1, 0))]
    wild = _WILD.match(token)
    if wild:
        major, minor = int(wild.group(1)), wild.group(2)
        if minor in (None, "x", "*"):
            return [(">=", _v(major, 0, 0)), ("<", _v(major + 1, 0, 0))]
        return [(">=", _v(major, int(minor), 0)), ("<", _v(major, int(minor) + 1, 0))]
    m = _CMP.match(token)
    return [(m.group(1) or "=", Version.parse(m.group(2)))]


def parse_range(text: str) -> list[list[tuple[str, Version]]]:
    alternatives = []
    for alt in text.split("||"):
        tokens = alt.split()
        if not tokens:
            raise ValueError(f"empty alternative in range {text!r}")
        comparators: list[tuple[str, Version]] = []
        for token in tokens:
            comparators.extend(_part(token))
        alternatives.append(comparators)
    return alternatives


def satisfies(version: str | Version, range_text: str) -> bool:
    v = Version.parse(version) if isinstance(version, str) else version
    return any(all(_OPS[op](v, bound) for op, bound in alt) for alt in parse_range(range_text))


def max_satisfying(versions: list[str], range_text: str) -> str | None:
    hits = [s for s in versions if satisfies(s, range_text)]
    return max(hits, key=Version.parse) if hits else None
