"""Snapshot of the test machinery (pytest, pluggy, builtins, this harness) taken before any
candidate code is imported, and a check that finds what a candidate has swapped since.

This is a tripwire inside an untrusted process, not a boundary: it catches generic tampering
(patched pytest internals, replaced modules in sys.modules, rebound builtins); code written
against this exact check can still defeat it. docs/sandbox.md states what that leaves open.
"""

from __future__ import annotations

import builtins
import sys
import types

WATCHED_PREFIXES = ("pytest", "_pytest", "pluggy", "codedebate.executor.harness", "codedebate.executor.integrity")
#: What decides a test's outcome; checked after every test (the full set at collection and end).
HOT_PREFIXES = (
    "pytest", "pluggy", "_pytest.runner", "_pytest.reports", "_pytest.python", "_pytest.main",
    "_pytest.nodes", "_pytest.outcomes", "_pytest.fixtures", "_pytest.skipping", "_pytest.assertion",
    "_pytest.raises", "_pytest.python_api", "_pytest.approx", "codedebate.executor.harness",
    "codedebate.executor.integrity",
)

#: Snapshot taken by the worker after preloading pytest; forks inherit it (None outside a worker).
BASELINE: Snapshot | None = None
HOT: Snapshot | None = None


def _watched(name: str, prefixes: tuple[str, ...] = WATCHED_PREFIXES) -> bool:
    return name in ("builtins", "sys", "os") or any(name == p or name.startswith(p + ".") for p in prefixes)


_CALLABLE = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, staticmethod,
             classmethod, property, type, types.ModuleType)


def _table(namespace: dict) -> list[tuple[str, object, object]]:
    """(name, object, its code) for every callable, class or module in a namespace."""
    out = []
    for key, value in list(namespace.items()):
        if isinstance(value, _CALLABLE):
            out.append((key, value, getattr(getattr(value, "__func__", value), "__code__", None)))
    return out


class Snapshot:
    """What the watched modules and their classes looked like at one moment."""

    def __init__(self, prefixes: tuple[str, ...] = WATCHED_PREFIXES) -> None:
        self._modules = {n: m for n, m in list(sys.modules.items()) if _watched(n, prefixes) and m is not None}
        classes: dict[int, type] = {}
        for module in self._modules.values():
            for value in list(vars(module).values()):
                if isinstance(value, type) and _watched(getattr(value, "__module__", "") or "", prefixes):
                    classes[id(value)] = value
        self._spaces: list[tuple[str, object, list]] = [(n, m, _table(vars(m))) for n, m in self._modules.items()]
        self._spaces += [(c.__qualname__, c, _table(dict(vars(c)))) for c in classes.values()]
        self._builtins = builtins.__dict__
        self._sys_modules = sys.modules

    def refresh(self) -> None:
        """Accept the current state (pytest's own configure step rebinds a few hooks)."""
        for i, (name, space, before) in enumerate(self._spaces):
            namespace = space.__dict__
            if any(namespace.get(key) is not obj for key, obj, _ in before):
                self._spaces[i] = (name, space, _table(dict(namespace)))

    def changes(self, limit: int = 5) -> list[str]:
        """Descriptions of what differs now (empty when nothing watched changed)."""
        found: list[str] = []
        if sys.modules is not self._sys_modules or builtins.__dict__ is not self._builtins:
            found.append("sys.modules or builtins was replaced")
        modules = self._sys_modules
        for name, module in self._modules.items():
            if modules.get(name) is not module:
                found.append(f"sys.modules[{name!r}] was replaced or removed")
        for name, space, before in self._spaces:
            namespace = space.__dict__
            for key, obj, code in before:
                now_code = getattr(getattr(obj, "__func__", obj), "__code__", None) if code is not None else None
                if namespace.get(key) is not obj or now_code is not code:
                    found.append(f"{name}.{key} was changed")
                    if len(found) >= limit:
                        return found
        return found
