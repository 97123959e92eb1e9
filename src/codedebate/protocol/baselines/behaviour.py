"""Behaviour of a candidate: per-test outcomes on the visible tests plus its outputs on their inputs.

Outputs come from a *probe* variant of the task, run through the executor's public API like any
test run: each visible test is rewritten so that every ``assert`` records the repr of its
non-literal operands (e.g. ``f(3)`` of ``assert f(3) == 9``) instead of checking them, and the test
then fails with ``CDPROBE:<digest>`` of what it recorded. Candidates with equal digests produced
equal outputs on that test's inputs. Non-code tasks fall back to the answer text.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Sequence
from dataclasses import replace

from codedebate.tasks import Task

from ..context import RunContext
from ..state import Solution

MARK = "CDPROBE:"
_DIGEST = re.compile(re.escape(MARK) + r"([0-9a-f]{16})")
#: Helpers of the probe module: a stable repr (sets sorted, so hash randomization cannot split a
#: group) and the failing report. Names start with _cd so `from solution import *` never clashes.
HELPERS = '''
def _cd_norm(value, depth=0):
    if depth > 20:
        return "..."
    if isinstance(value, (set, frozenset)):
        return type(value).__name__ + "{" + ", ".join(sorted(_cd_norm(v, depth + 1) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return type(value).__name__ + "[" + ", ".join(_cd_norm(v, depth + 1) for v in value) + "]"
    if isinstance(value, dict):
        return "dict{" + ", ".join(_cd_norm(k, depth + 1) + ": " + _cd_norm(v, depth + 1) for k, v in value.items()) + "}"
    return repr(value)


def _cd_value(thunk):
    try:
        value = thunk()
    except BaseException as exc:
        return "raise " + type(exc).__name__
    try:
        return "value " + _cd_norm(value)
    except BaseException as exc:
        return "unrepresentable " + type(exc).__name__


def _cd_report(out):
    import hashlib
    digest = hashlib.sha256("\\n".join(out).encode("utf-8", "replace")).hexdigest()[:16]
    raise AssertionError("CDPROBE:" + digest)
'''


def _is_literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _record(expr: ast.expr) -> ast.stmt:
    """``_cd_out.append(_cd_value(lambda: <expr>))``."""
    thunk = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                       body=expr)
    call = ast.Call(ast.Name("_cd_value", ast.Load()), [thunk], [])
    return ast.Expr(ast.Call(ast.Attribute(ast.Name("_cd_out", ast.Load()), "append", ast.Load()), [call], []))


class _AssertsToRecords(ast.NodeTransformer):
    """Every ``assert`` becomes records of its non-literal operands (the whole test when none)."""

    def visit_Assert(self, node: ast.Assert) -> list[ast.stmt]:
        test = node.test
        operands = [test.left, *test.comparators] if isinstance(test, ast.Compare) else [test]
        kept = [o for o in operands if not _is_literal(o)] or [test]
        return [ast.copy_location(_record(o), node) for o in kept]

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        return node  # nested functions keep their asserts (helpers of the test)


def probe_source(source: str) -> str:
    """The probe version of one visible test's source (same test name)."""
    module = ast.parse(source)
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            body = [_AssertsToRecords().visit(stmt) for stmt in node.body]
            flat: list[ast.stmt] = []
            for stmt in body:
                flat.extend(stmt if isinstance(stmt, list) else [stmt])
            guarded = ast.parse(
                "_cd_out = []\ntry:\n    pass\nexcept BaseException as _cd_exc:\n"
                "    _cd_out.append('raise ' + type(_cd_exc).__name__)\n_cd_report(_cd_out)\n").body
            guarded[1].body = flat or [ast.Pass()]
            node.body = guarded
    return ast.unparse(ast.fix_missing_locations(module)) + "\n"


def probe_task(task: Task) -> Task:
    """The task with its visible tests replaced by their probes (hidden tests untouched)."""
    tests = tuple(replace(t, source=probe_source(t.source)) for t in task.tests)
    return replace(task, tests=tests, test_imports=(*task.test_imports, HELPERS))


def outcome_vector(sol: Solution) -> tuple[tuple[str, str], ...]:
    """(test name, outcome) of every visible test, in order."""
    return tuple((t.name, t.outcome.value) for t in sol.result.tests)


async def output_prints(ctx: RunContext, task: object, sol: Solution) -> tuple[str, ...]:
    """Per visible test, the digest of the candidate's outputs (or the outcome when the probe did
    not report, e.g. a collection error or a timeout). Non-code tasks: the answer itself."""
    if not isinstance(task, Task):
        return (json.dumps(sol.files, sort_keys=True),)
    result = await ctx.test(probe_task(task), sol.files)
    prints = []
    for t in result.tests:
        found = _DIGEST.search(t.message)
        prints.append(found.group(1) if found else t.outcome.value)
    return tuple(prints)


async def behaviours(ctx: RunContext, task: object, sols: Sequence[Solution],
                     with_outcomes: bool = True) -> list[tuple]:
    """One hashable behaviour key per solution: outcome vector (unless ``with_outcomes`` is off)
    plus output digests."""
    keys = []
    for sol in sols:
        prints = await output_prints(ctx, task, sol)
        keys.append((outcome_vector(sol), prints) if with_outcomes else (prints,))
    return keys


def groups(keys: Sequence[tuple]) -> list[list[int]]:
    """Indices grouped by equal key, groups in order of their first member."""
    by_key: dict[tuple, list[int]] = {}
    for i, key in enumerate(keys):
        by_key.setdefault(key, []).append(i)
    return list(by_key.values())
