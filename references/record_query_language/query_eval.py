"""Evaluate parsed filters against records and run simple queries."""

from __future__ import annotations

import operator

from query_parser import parse_query

_MISSING = object()
_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _lookup(record: dict, field: str) -> object:
    value: object = record
    for part in field.split("."):
        if not isinstance(value, dict) or part not in value:
            return _MISSING
        value = value[part]
    return value


def _compare(left: object, op: str, right: object) -> bool:
    if op == "=":
        return left == right
    if op == "!=":
        return left != right
    if left is None or right is None or isinstance(left, str) != isinstance(right, str):
        return False
    return _ORDER[op](left, right)


def evaluate(ast: tuple, record: dict) -> bool:
    kind = ast[0]
    if kind == "and":
        return evaluate(ast[1], record) and evaluate(ast[2], record)
    if kind == "or":
        return evaluate(ast[1], record) or evaluate(ast[2], record)
    if kind == "not":
        return not evaluate(ast[1], record)
    value = _lookup(record, ast[1])
    if value is _MISSING:
        return False
    if kind == "in":
        return any(value == v for v in ast[2])
    return _compare(value, ast[2], ast[3])


def run_query(records: list[dict], where: str | None = None, order_by: str | None = None,
              descending: bool = False, limit: int | None = None, fields: list[str] | None = None) -> list[dict]:
    rows = list(records)
    if where is not None:
        ast = parse_query(where)
        rows = [r for r in rows if evaluate(ast, r)]
    if order_by is not None:
        present = [r for r in rows if _lookup(r, order_by) is not _MISSING]
        absent = [r for r in rows if _lookup(r, order_by) is _MISSING]
        present.sort(key=lambda r: _lookup(r, order_by), reverse=descending)
        rows = present + absent
    if limit is not None:
        rows = rows[:limit]
    if fields is not None:
        rows = [{f: r[f] for f in fields if f in r} for r in rows]
    return rows
