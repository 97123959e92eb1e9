"""What a test module's globals may hold: the names the test file itself binds at module level
(its imports, functions, classes, variables) and the candidate names it copies in. Computed once
per test module in the executor's process and checked by the harness before each test."""

from __future__ import annotations

import ast
import functools
import symtable
from dataclasses import dataclass

from ..tasks.test_module import AST_LOCK, PUBLIC_NAMES  # the candidate names the tests see


@dataclass(frozen=True)
class ModuleNames:
    """Module-level names of a test file."""

    allowed: tuple[str, ...] | None  # every name it binds (None: it star-imports, so unknown)
    defs: tuple[str, ...]  # its undecorated top-level functions (their code is verified like the tests')
    imported: tuple[str, ...]  # names bound by import statements (must stay those modules)


@functools.lru_cache(maxsize=256)
def module_names(source: str) -> ModuleNames:
    """The module-level names of a test file's source (empty if it does not parse)."""
    try:
        with AST_LOCK:
            tree = ast.parse(source)
        table = symtable.symtable(source, "<tests>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ModuleNames(None, (), ())
    defs = tuple(sorted(n.name for n in tree.body  # decorated ones may be any object (a fixture, a cache)
                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and not n.decorator_list))
    imported = tuple(sorted(s.get_name() for s in table.get_symbols() if s.is_imported()))
    if any(isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names) for n in ast.walk(tree)):
        return ModuleNames(None, defs, imported)
    allowed = {s.get_name() for s in table.get_symbols() if s.is_assigned() or s.is_imported() or s.is_namespace()}
    stack = list(table.get_children())
    while stack:  # `global x; x = ...` inside a function binds a module name too
        child = stack.pop()
        allowed.update(s.get_name() for s in child.get_symbols() if s.is_declared_global() and s.is_assigned())
        stack.extend(child.get_children())
    for node in tree.body:  # the candidate's public names, bound by a globals().update(...) line
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == PUBLIC_NAMES for t in node.targets):
            try:
                allowed.update(str(n) for n in ast.literal_eval(node.value))
            except (ValueError, TypeError, SyntaxError):
                pass
    return ModuleNames(tuple(sorted(allowed)), defs, imported)
