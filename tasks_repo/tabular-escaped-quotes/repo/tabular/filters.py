"""Row filters written as 'column op value' (op: = != < > <= >= ~ for 'contains')."""

from __future__ import annotations

import operator
import re

from .table import Table
from .types import guess, to_value

OPS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, ">": operator.gt, "<=": operator.le, ">=": operator.ge}
EXPR = re.compile(r"^\s*(?P<col>[\w ]+?)\s*(?P<op><=|>=|!=|=|<|>|~)\s*(?P<val>.*?)\s*$")


def where(table: Table, expression: str) -> Table:
    match = EXPR.match(expression)
    if not match:
        raise ValueError(f"cannot read the filter {expression!r} (expected 'column op value')")
    col, op, raw = match["col"], match["op"], match["val"]
    i = table.index(col)
    if op == "~":
        keep = [r for r in table.rows if raw.lower() in r[i].lower()]
    else:
        kind = guess(table.column(col))
        wanted = to_value(raw, kind)
        keep = [r for r in table.rows if to_value(r[i], kind) is not None and OPS[op](to_value(r[i], kind), wanted)]
    return Table(list(table.header), keep)
