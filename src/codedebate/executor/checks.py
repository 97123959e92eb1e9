"""Plain-data expectations judged outside the sandbox.

Before a test module goes into the sandbox, every ``assert <expr> == <literal>`` in a test
function (the literal: numbers, strings, bytes, lists, tuples, dicts, sets, None, booleans) is
replaced, on the same lines, by ``__codedebate_check__(n, <expr>)``. The literal never enters
the sandbox; the harness reports what ``<expr>`` evaluated to as plain data, and the parent
compares it with the literal here. A candidate can neither read the expected value (frames,
``gc``, the test file) nor answer "equal" to everything (``__eq__`` is never asked).

A check written directly in the test function's body is *mandatory*: a test that reports a pass
without it does not pass. Checks inside ``if``/``for``/``while`` blocks are verified when reported.
Asserts inside ``with``/``try`` blocks and nested functions are left as they are (they may be
meant to fail).
"""

from __future__ import annotations

import ast
import functools
import json
from dataclasses import dataclass
from typing import Any

from ..tasks.test_module import AST_LOCK
from . import plain

CHECK_NAME = "__codedebate_check__"
IMPORT_LINE = f"from codedebate.executor.harness import check as {CHECK_NAME}\n"
MAX_VALUES = 2  # distinct values kept per check: an honest candidate yields exactly one


@dataclass(frozen=True)
class Check:
    """One rewritten assertion: the test it belongs to, its expected value and its text."""

    test: str
    expected: Any
    mandatory: bool
    text: str
    line: int


@functools.lru_cache(maxsize=256)
def split(source: str) -> tuple[str, dict[int, Check]]:
    """(the module for the sandbox, the checks by number); the source unchanged if it does not parse.
    Cached: a debate scores many candidates against the same test module (do not mutate the dict)."""
    try:
        with AST_LOCK:
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return source, {}
    found: list[tuple[ast.Assert, ast.expr, Any, str, bool]] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            _collect(node.body, node.name, True, found)
    if not found:
        return source, {}
    lines = source.splitlines(keepends=True)
    checks: dict[int, Check] = {}
    spans = []
    for n, (stmt, expr, expected, test, mandatory) in enumerate(found):
        segment = _segment(lines, expr)
        if segment is None:
            continue
        checks[n] = Check(test, expected, mandatory, _segment(lines, stmt.test) or "", stmt.lineno)
        spans.append((stmt, f"{CHECK_NAME}({n}, ({segment}", "))"))
    for stmt, head, tail in sorted(spans, key=lambda s: (s[0].lineno, s[0].col_offset), reverse=True):
        start, end = stmt.lineno - 1, stmt.end_lineno - 1
        first, last = _line(lines, start), _line(lines, end)
        extra = "\n" * ((end - start) - head.count("\n"))
        text = first[: _col(first, stmt.col_offset)] + head + extra + tail + last[_col(last, stmt.end_col_offset):]
        lines[start:end + 1] = [text]
    text = "".join(lines)
    return text + ("" if text.endswith("\n") else "\n") + IMPORT_LINE, checks  # at the end: no line moves


def _segment(lines: list[str], node: ast.AST) -> str | None:
    """The source text of ``node`` (as ast.get_source_segment, without re-splitting the source)."""
    end_lineno, end_col = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
    if end_lineno is None or end_col is None or end_lineno > len(lines):
        return None
    first, last = lines[node.lineno - 1], lines[end_lineno - 1]
    if node.lineno == end_lineno:
        return first[_col(first, node.col_offset):_col(first, end_col)]
    middle = "".join(lines[node.lineno:end_lineno - 1])
    return first[_col(first, node.col_offset):] + middle + last[:_col(last, end_col)]


def _line(lines: list[str], i: int) -> str:
    return lines[i] if i < len(lines) else ""


def _col(line: str, byte_offset: int) -> int:
    """ast column offsets count UTF-8 bytes."""
    if line.isascii():
        return byte_offset
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", "ignore"))


def _collect(body: list[ast.stmt], test: str, mandatory: bool, out: list) -> None:
    for stmt in body:
        if isinstance(stmt, ast.Assert):
            pair = _literal_compare(stmt.test)
            if pair is not None:
                out.append((stmt, pair[0], pair[1], test, mandatory))
        elif isinstance(stmt, (ast.If, ast.For, ast.AsyncFor, ast.While)):
            _collect(stmt.body, test, False, out)
            _collect(stmt.orelse, test, False, out)


def _literal_compare(test: ast.expr) -> tuple[ast.expr, Any] | None:
    """(the computed side, the literal's value) of ``a == literal`` or ``literal == a``."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return None
    left, right = test.left, test.comparators[0]
    lit_left, lit_right = _literal(left), _literal(right)
    if lit_right is not _NO and lit_left is _NO:
        return left, lit_right
    if lit_left is not _NO and lit_right is _NO:
        return right, lit_left
    return None


_NO = object()


def _literal(node: ast.expr) -> Any:
    if isinstance(node, ast.Constant) and node.value is Ellipsis:
        return _NO
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NO
    try:
        plain.encode(value)
    except plain.NotPlain:
        return _NO
    return value


def judge(test: str, reported: Any, checks: dict[int, Check], passed: bool) -> str | None:
    """Why the test fails its checks (None: it does not), from the harness's ``checks`` record
    ``{n: [count, [tagged values], more]}``; ``passed``: whether pytest saw the test pass."""
    seen: set[int] = set()
    reported = reported if isinstance(reported, dict) else {}
    for key in sorted(reported, key=lambda k: int(k) if str(k).isdigit() else -1):
        try:
            n = int(key)
            _count, values, more = reported[key]
        except (ValueError, TypeError):
            return "malformed check report"
        check = checks.get(n)
        if check is None or check.test != test:
            continue
        seen.add(n)
        for tagged in values if isinstance(values, list) else [None]:
            problem = _compare(check, tagged)
            if problem:
                return problem
        if more or not values:
            return _message(check, "a value that is not plain data or differs between calls")
    if passed:
        missing = [c for n, c in sorted(checks.items()) if c.test == test and c.mandatory and n not in seen]
        if missing:
            return f"the check `assert {missing[0].text}` (line {missing[0].line}) never reported a value"
    return None


def _compare(check: Check, tagged: Any) -> str | None:
    if isinstance(tagged, str):  # the harness sends each value as its JSON text
        try:
            tagged = json.loads(tagged)
        except ValueError:
            return _message(check, "malformed value")
    if isinstance(tagged, dict) and "error" in tagged:
        return _message(check, str(tagged["error"]))
    if isinstance(tagged, dict) and "fallback" in tagged:  # not plain data: compared in the sandbox
        if tagged["fallback"] is True:
            return None
        return (f"line {check.line}: assert {check.text}\nAssertionError: a {tagged.get('type', '?')} "
                f"object is not equal to {_short(check.expected)}")
    try:
        got = plain.decode(tagged)
    except plain.NotPlain as exc:
        return _message(check, str(exc))
    try:
        equal = bool(got == check.expected)
    except Exception:  # noqa: BLE001 - e.g. comparing unhashable set members
        equal = False
    if not equal:
        return f"line {check.line}: assert {check.text}\nAssertionError: assert {_short(got)} == {_short(check.expected)}"
    return None


def _message(check: Check, why: str) -> str:
    return f"line {check.line}: assert {check.text}\nAssertionError: the value could not be compared: {why}"


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
