"""The package's dependency direction: cli/pipeline -> protocol -> (backends, executor, tasks) ->
records; stats read records only. Every import in every module (function-level ones too) is checked."""

from __future__ import annotations

import ast
from pathlib import Path

import codedebate

ROOT = Path(codedebate.__file__).parent

#: top-level unit -> the units it may import (besides itself)
ALLOWED = {
    "errors": set(),
    "records": {"errors"},
    "backends": {"errors"},
    "executor": {"errors", "tasks"},
    "tasks": {"errors", "executor"},
    "repo": {"errors", "tasks", "executor"},
    "stability": set(),  # pure numpy/scipy math of the stability stop rule
    "protocol": {"errors", "records", "backends", "executor", "tasks", "repo", "stability"},
    "stats": {"errors", "records", "stability"},
    "viewer": {"errors", "records"},
    "pipeline": {"errors", "protocol", "backends", "tasks", "stability"},
    "cli": {"errors", "records", "backends", "executor", "tasks", "repo", "protocol", "stats", "pipeline", "stability",
            "viewer"},
    "__main__": {"cli"},
    "__init__": set(),
}


def _unit(path: Path) -> str:
    rel = path.relative_to(ROOT)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _is_unit(name: str) -> bool:
    return (ROOT / name).is_dir() or (ROOT / f"{name}.py").is_file()


def _imported_units(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(ROOT.parent).with_suffix("").parts[:-1]
    units: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names = [".".join(base + ((node.module,) if node.module else ()))]
                if not node.module:
                    names = [".".join(base + (a.name,)) for a in node.names]
            elif node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names
                                         if node.module == "codedebate" and _is_unit(a.name)]
        for name in names:
            parts = name.split(".")
            if parts[0] == "codedebate" and len(parts) > 1:
                units.add(parts[1])
    return units


def test_every_module_imports_only_downward():
    bad = []
    for path in sorted(ROOT.rglob("*.py")):
        unit = _unit(path)
        assert unit in ALLOWED, f"{path.relative_to(ROOT)}: unit {unit!r} has no place in the layer table"
        for used in _imported_units(path) - {unit, "__init__"}:
            if used not in ALLOWED[unit]:
                bad.append(f"{path.relative_to(ROOT)} ({unit}) imports codedebate.{used}")
    assert not bad, "\n".join(bad)


def test_package_root_holds_only_the_units():
    loose = sorted(p.name for p in ROOT.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "errors.py", "records.py"]
