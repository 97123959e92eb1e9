"""The pytest module the executor writes next to a code candidate's files.

The tests see only the task's public names, never the candidate's whole namespace: a single-file
candidate is imported as a module and exactly the names the tests use (and the signature defines)
are copied from it, so a candidate's ``pytest``, ``isinstance`` or ``__builtins__`` never replaces
a name the tests rely on, and its ``__all__`` hides nothing the tests call.
"""

from __future__ import annotations

import ast
import builtins
import re
import symtable
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .code import Task, TestCase

#: Lines every generated test module starts with.
TEST_PRELUDE = "import pytest\n"
#: The module-level name holding the candidate names the tests may see (read by the executor).
PUBLIC_NAMES = "__codedebate_public__"
CANDIDATE_ALIAS = "_codedebate_candidate"
#: Python 3.11's ``ast.parse`` is not safe in several threads at once ("SystemError: AST
#: constructor recursion depth mismatch"), and the executor builds test modules in threads:
#: every ``ast.parse`` of the test-module code path holds this lock.
AST_LOCK = threading.Lock()
_DEF = re.compile(r"^\s*(?:async\s+def|def|class)\s+([A-Za-z_]\w*)", re.MULTILINE)


def build_test_module(task: Task, cases: Iterable[TestCase]) -> str:
    """The test file the executor writes next to the candidate's files."""
    body = "\n\n\n".join(c.source.strip("\n") for c in cases)
    header = [TEST_PRELUDE.rstrip("\n"), *task.test_imports]
    if not task.is_multi_file:
        bound = "\n".join([*header, body])
        names = public_names(task.signature, bound)
        header += [
            f"import solution as {CANDIDATE_ALIAS}",
            f"{PUBLIC_NAMES} = {tuple(names)!r}",
            f"globals().update({{_n: getattr({CANDIDATE_ALIAS}, _n) for _n in {PUBLIC_NAMES} "
            f"if hasattr({CANDIDATE_ALIAS}, _n)}})",
        ]
    return "\n".join(header) + "\n\n\n" + body + "\n"


def public_names(signature: str, tests: str) -> list[str]:
    """Names the tests take from the candidate: those the signature defines, and the global names
    the tests use without binding them that are not builtins."""
    names = set(signature_names(signature)) | (free_globals(tests) - set(dir(builtins)))
    return sorted(n for n in names if not (n.startswith("__") and n.endswith("__")))


def signature_names(signature: str) -> list[str]:
    """Top-level functions, classes and variables of a signature (a line scan if it does not parse)."""
    try:
        with AST_LOCK:
            tree = ast.parse(signature)
    except SyntaxError:
        return _DEF.findall(signature)
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


def free_globals(source: str) -> set[str]:
    """Global names a module's code reads but never binds at module level."""
    try:
        top = symtable.symtable(source, "<tests>", "exec")
    except SyntaxError:
        return set()
    bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported() or s.is_namespace()}
    used: set[str] = set()

    def walk(table: symtable.SymbolTable) -> None:
        for sym in table.get_symbols():
            if sym.is_referenced() and (table is top or sym.is_global()):
                used.add(sym.get_name())
        for child in table.get_children():
            walk(child)

    walk(top)
    return used - bound
