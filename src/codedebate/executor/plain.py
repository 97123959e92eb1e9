"""Plain data (numbers, strings, bytes, lists, tuples, dicts, sets, None) as tagged JSON-able lists.

The sandbox encodes what a candidate returned; the parent decodes it into fresh values of the
builtin types and compares them with the expected value there, where no candidate code runs. An
object is read by its contents, never asked whether it equals something, so an ``__eq__`` that
always answers True is worth nothing. What cannot be read as plain data raises :class:`NotPlain`.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

MAX_DEPTH = 100
MAX_ITEMS = 200_000


class NotPlain(ValueError):
    """The value is not plain data (or too big or deep to read)."""


class TooLarge(NotPlain):
    """Plain data, but too big or deep to send and compare."""


def probes(expected: Any) -> tuple[Any, ...]:
    """Random values shaped like the expected value (same containers, lengths and dict keys, every
    leaf replaced by a random one) that nothing honest equals: for ``__eq__`` probes."""
    import secrets

    def shadow(v: Any, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            return secrets.token_hex(8)
        if isinstance(v, dict):
            return {k: shadow(x, depth + 1) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return type(v)(shadow(x, depth + 1) for x in v)
        if isinstance(v, (set, frozenset)):
            return type(v)(f"codedebate-probe-{secrets.token_hex(8)}" for _ in v)
        if isinstance(v, bool) or v is None:
            return secrets.randbits(62) + 7919
        if isinstance(v, (int, float, complex)):
            return type(v)(secrets.randbits(62) + 7919)
        if isinstance(v, (bytes, bytearray)):
            return type(v)(secrets.token_bytes(max(1, len(v))))
        return f"codedebate-probe-{secrets.token_hex(8)}"

    return shadow(expected), f"codedebate-probe-{secrets.token_hex(8)}", secrets.randbits(62) + 7919


def encode(value: Any) -> list:
    """Tagged form of ``value``; raises NotPlain."""
    budget = [MAX_ITEMS]
    return _enc(value, 0, budget)


def _enc(v: Any, depth: int, budget: list[int]) -> list:
    budget[0] -= 1
    if depth > MAX_DEPTH or budget[0] < 0:
        raise TooLarge("nested too deeply or too large to compare")
    t = type(v)
    if v is None:
        return ["N"]
    if t is bool:
        return ["b", v]
    if isinstance(v, str):
        return ["s", str.__str__(v)]
    if isinstance(v, (bytes, bytearray)):
        return ["y" if isinstance(v, bytes) else "Y", bytes(v).hex()]
    if isinstance(v, int):
        return ["i", hex(int.__index__(v))]
    if isinstance(v, float):
        return ["f", float.hex(float(v))]
    if isinstance(v, complex):
        return ["c", float.hex(v.real), float.hex(v.imag)]
    if isinstance(v, (list, tuple)):
        items = list.__iter__(v) if isinstance(v, list) else tuple.__iter__(v)
        return ["l" if isinstance(v, list) else "t", [_enc(x, depth + 1, budget) for x in items]]
    if isinstance(v, (set, frozenset)):
        items = set.__iter__(v) if isinstance(v, set) else frozenset.__iter__(v)
        return ["S" if isinstance(v, set) else "F", [_enc(x, depth + 1, budget) for x in items]]
    if isinstance(v, dict):
        return ["d", [[_enc(k, depth + 1, budget), _enc(x, depth + 1, budget)] for k, x in dict.items(v)]]
    if isinstance(v, Decimal):
        return ["D", str(v)]
    if isinstance(v, Fraction):
        return ["Q", hex(v.numerator), hex(v.denominator)]
    if isinstance(v, Mapping):
        return ["d", [[_enc(k, depth + 1, budget), _enc(x, depth + 1, budget)] for k, x in v.items()]]
    if isinstance(v, numbers.Integral):
        return ["i", hex(int(v))]
    if isinstance(v, numbers.Real):
        return ["f", float.hex(float(v))]
    if isinstance(v, numbers.Complex):
        c = complex(v)
        return ["c", float.hex(c.real), float.hex(c.imag)]
    raise NotPlain(f"a {t.__module__}.{t.__qualname__} object is not plain data")


def decode(tagged: Any, depth: int = 0) -> Any:
    """The value a tagged form stands for, built from builtin types only; raises NotPlain."""
    if depth > MAX_DEPTH or not isinstance(tagged, list) or not tagged or not isinstance(tagged[0], str):
        raise NotPlain("malformed value")
    tag, args = tagged[0], tagged[1:]
    try:
        if tag == "N":
            return None
        if tag == "b":
            return bool(args[0])
        if tag == "s":
            return str(args[0])
        if tag in ("y", "Y"):
            return (bytes if tag == "y" else bytearray).fromhex(args[0])
        if tag == "i":
            return int(args[0], 16)
        if tag == "f":
            return float.fromhex(args[0])
        if tag == "c":
            return complex(float.fromhex(args[0]), float.fromhex(args[1]))
        if tag in ("l", "t", "S", "F"):
            items = [decode(x, depth + 1) for x in args[0]]
            return {"l": list, "t": tuple, "S": set, "F": frozenset}[tag](items)
        if tag == "d":
            return {decode(k, depth + 1): decode(x, depth + 1) for k, x in args[0]}
        if tag == "D":
            return Decimal(args[0])
        if tag == "Q":
            return Fraction(int(args[0], 16), int(args[1], 16))
    except (IndexError, TypeError, ValueError, ArithmeticError) as exc:
        raise NotPlain(f"malformed value: {exc}") from None
    raise NotPlain(f"unknown tag {tag!r}")
