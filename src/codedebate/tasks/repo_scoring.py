"""Score a repository candidate in the sandboxed executor, unchanged: one executor run per test file.

The executor writes flat candidate files and one generated test module. A repository travels as
one candidate file, ``_repo_bundle.py``, which writes the repository's files next to itself when
imported (inside the sandbox's work folder); the test module is the repository's test file with
``import _repo_bundle`` put in front, so the test functions stay defined in the test module (the
harness accepts nothing else) and repository frames in tracebacks keep their own paths.
"""

from __future__ import annotations

import ast
import asyncio
import base64
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult

    from .kinds import Scorer

BUNDLE_FILE = "_repo_bundle.py"
PRELUDE = "import _repo_bundle  # noqa: F401  (writes the repository next to itself)\n"
#: Lines the prelude adds in front of a test file (tracebacks of test frames are off by this much).
PRELUDE_LINES = 1

_BUNDLE_TEMPLATE = '''"""The repository under test: its files, written next to this module when it is imported."""
import base64 as _b, importlib as _il, json as _j, os as _o, zlib as _z

_HERE = _o.path.dirname(_o.path.abspath(__file__))
for _name, _text in _j.loads(_z.decompress(_b.b64decode("{blob}"))).items():
    _path = _o.path.join(_HERE, _name)
    _o.makedirs(_o.path.dirname(_path), exist_ok=True)
    with open(_path, "w", encoding="utf-8") as _fh:
        _fh.write(_text)
_il.invalidate_caches()
'''


def bundle_module(files: Mapping[str, str]) -> str:
    """The candidate file that carries a whole repository (relative path -> text)."""
    blob = base64.b64encode(zlib.compress(json.dumps(dict(sorted(files.items()))).encode("utf-8"), 6))
    return _BUNDLE_TEMPLATE.format(blob=blob.decode("ascii"))


def collected_tests(source: str) -> tuple[str, ...]:
    """Names pytest collects from a test file: top-level ``test*`` functions and ``Test*`` methods."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.append(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            names.extend(n.name for n in node.body
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test"))
    return tuple(dict.fromkeys(names))


def module_for_test_file(source: str) -> str:
    """The test file with the bundle import in front (``from __future__`` lines stay first)."""
    lines = source.splitlines(keepends=True)
    future = [ln for ln in lines if ln.startswith("from __future__")]
    rest = [ln for ln in lines if not ln.startswith("from __future__")]
    return "".join(future) + PRELUDE + "".join(rest)


@dataclass(frozen=True)
class FileRun:
    """What the executor needs of a task, for one repository test file (duck-typed, no executor import)."""

    path: str
    source: str

    @property
    def file_names(self) -> tuple[str, ...]:
        return (BUNDLE_FILE,)

    @property
    def test_names(self) -> tuple[str, ...]:
        return collected_tests(self.source)

    @property
    def hidden_test_names(self) -> tuple[str, ...]:
        return self.test_names

    def test_module(self, hidden: bool = False) -> str:
        return module_for_test_file(self.source)


async def run_test_files(scorer: "Scorer", files: Mapping[str, str], tests: Mapping[str, str]) -> dict[str, "ExecutionResult"]:
    """Run each test file (path -> source) against the repository ``files``; results by path."""
    bundle = {BUNDLE_FILE: bundle_module(files)}
    runs = [scorer.arun(FileRun(path, src), bundle, hidden=False) for path, src in tests.items()]
    return dict(zip(tests, await asyncio.gather(*runs)))


def merge(results: Mapping[str, "ExecutionResult"], groups: Mapping[str, tuple[str, ...]] | None = None) -> "ExecutionResult":
    """One result whose test names are ``path::name``; ``details['groups']`` counts each group of files."""
    from codedebate.executor.results import ExecutionResult, TestResult

    tests = tuple(TestResult(f"{path}::{t.name}", t.outcome, t.message)
                  for path, res in results.items() for t in res.tests)
    errors = [f"{path}: {res.error}" for path, res in results.items() if res.error]
    details: dict[str, Any] = {"files": {p: {"passed": r.passed, "total": r.total} for p, r in results.items()}}
    if groups:
        details["groups"] = {g: {"passed": sum(results[p].passed for p in paths if p in results),
                                 "total": sum(results[p].total for p in paths if p in results)}
                             for g, paths in groups.items()}
    return ExecutionResult(
        tests=tests, compiles=all(r.compiles for r in results.values()),
        duration_s=round(sum(r.duration_s for r in results.values()), 4),
        error="\n".join(errors), cached=bool(results) and all(r.cached for r in results.values()), details=details)


def group_result(result: "ExecutionResult", paths: tuple[str, ...]) -> "ExecutionResult":
    """The part of a merged result that belongs to the given test files."""
    from codedebate.executor.results import ExecutionResult

    keep = tuple(t for t in result.tests if t.name.split("::", 1)[0] in paths)
    return ExecutionResult(tests=keep, compiles=result.compiles, error=result.error)
