"""The ``code`` task kind's model and loader (the thesis task JSON format).

A task file is one JSON object: id, name, difficulty, description, signature, constraints and
``tests`` (pytest functions as source strings). Multi-file tasks add ``required_files``,
``test_imports`` and ``tags``. ``hidden_tests`` (ours) are scored at the end, never shown to
agents. Malformed input raises :class:`TaskError` naming the file and the field.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from .fields import check_id
from .fields import require as _require
from .kinds import TaskError, parse_any

DIFFICULTIES = ("easy", "medium", "hard", "extreme")

SINGLE_FILE_NAME = "solution.py"


@dataclass(frozen=True)
class TestCase:
    """One pytest function: its name and its source."""

    name: str
    source: str


@dataclass(frozen=True)
class RequiredFile:
    """A module a multi-file task asks for."""

    name: str
    description: str = ""


@dataclass(frozen=True)
class Task:
    """One coding task, as loaded from its JSON file."""

    kind: ClassVar[str] = "code"
    id: str
    name: str
    difficulty: str
    description: str
    signature: str
    tests: tuple[TestCase, ...]
    constraints: tuple[str, ...] = ()
    hidden_tests: tuple[TestCase, ...] = ()
    required_files: tuple[RequiredFile, ...] = ()
    test_imports: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    source_path: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_multi_file(self) -> bool:
        return bool(self.required_files)

    @property
    def file_names(self) -> tuple[str, ...]:
        """The files a candidate consists of."""
        if self.is_multi_file:
            return tuple(f.name for f in self.required_files)
        return (SINGLE_FILE_NAME,)

    @property
    def test_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.tests)

    @property
    def hidden_test_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.hidden_tests)

    def test_module(self, hidden: bool = False) -> str:
        """Source of the pytest module for the visible (or hidden) tests."""
        from .test_module import build_test_module

        cases = self.hidden_tests if hidden else self.tests
        return build_test_module(self, cases)


# --------------------------------------------------------------------------- parsing


def _string_list(data: dict, key: str, path: Path, required: bool = False,
                 one_string_ok: bool = True) -> tuple[str, ...]:
    if key not in data:
        if required:
            raise TaskError(path, key, "is missing")
        return ()
    value = data[key]
    if isinstance(value, str) and not one_string_ok:
        raise TaskError(path, key, "must be a list of test sources, got one string")
    if isinstance(value, str):  # the thesis sometimes writes one constraint as a string
        return (value,)
    if not isinstance(value, list):
        raise TaskError(path, key, f"must be a list of strings, got {type(value).__name__}")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise TaskError(path, f"{key}[{i}]", f"must be a string, got {type(item).__name__}")
    return tuple(value)


def parse_tests(sources: Iterable[str], path: Path, key: str) -> tuple[TestCase, ...]:
    """Parse each test source; each must define exactly one ``test_*`` function."""
    cases: list[TestCase] = []
    for i, src in enumerate(sources):
        where = f"{key}[{i}]"
        try:
            tree = ast.parse(src)
        except SyntaxError as exc:
            raise TaskError(path, where, f"does not parse: {exc.msg} (line {exc.lineno})") from None
        funcs = [
            n.name
            for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")
        ]
        if len(funcs) != 1:
            raise TaskError(path, where, f"must define exactly one test_* function, found {len(funcs)}")
        cases.append(TestCase(name=funcs[0], source=src))
    return tuple(cases)


def _required_files(data: dict, path: Path) -> tuple[RequiredFile, ...]:
    raw = data.get("required_files", [])
    if not isinstance(raw, list):
        raise TaskError(path, "required_files", "must be a list")
    files: list[RequiredFile] = []
    for i, item in enumerate(raw):
        where = f"required_files[{i}]"
        if isinstance(item, str):
            name, desc = item, ""
        elif isinstance(item, dict):
            name = item.get("name") or item.get("path") or item.get("filename")
            desc = item.get("description", "")
            if not isinstance(name, str) or not isinstance(desc, str):
                raise TaskError(path, where, "needs a string 'name' (and optional 'description')")
        else:
            raise TaskError(path, where, "must be a file name or an object with 'name'")
        if not name.endswith(".py") or "/" in name or "\\" in name or name.startswith("."):
            raise TaskError(path, where, f"'{name}' must be a plain module file name ending in .py")
        files.append(RequiredFile(name=name, description=desc))
    names = [f.name for f in files]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise TaskError(path, "required_files", f"names a file twice: {sorted(dup)}")
    return tuple(files)


def _import_lines(data: dict, path: Path) -> tuple[str, ...]:
    """``test_imports``: each line must parse, or every candidate would fail at collection."""
    lines = _string_list(data, "test_imports", path)
    for i, line in enumerate(lines):
        try:
            ast.parse(line)
        except SyntaxError as exc:
            raise TaskError(path, f"test_imports[{i}]", f"does not parse: {exc.msg}") from None
    return lines


KNOWN_KEYS = {
    "kind", "id", "name", "difficulty", "description", "signature", "constraints", "tests",
    "hidden_tests", "required_files", "test_imports", "tags",
}


def parse_task(data: Any, path: Path | str = "<memory>") -> Task:
    """Build a :class:`Task` from decoded JSON, raising :class:`TaskError` on bad input."""
    path = Path(path)
    if not isinstance(data, dict):
        raise TaskError(path, None, f"must hold a JSON object, got {type(data).__name__}")
    if data.get("kind", "code") != "code":
        raise TaskError(path, "kind", f"'{data.get('kind')}' is not a code task (load it with load_task)")
    task_id = check_id(_require(data, "id", str, path), path)
    difficulty = _require(data, "difficulty", str, path).strip().lower()
    if difficulty not in DIFFICULTIES:
        raise TaskError(path, "difficulty", f"'{data['difficulty']}' is not one of {', '.join(DIFFICULTIES)}")
    tests_raw = _string_list(data, "tests", path, required=True, one_string_ok=False)
    if not tests_raw:
        raise TaskError(path, "tests", "must hold at least one test")
    tests = parse_tests(tests_raw, path, "tests")
    hidden = parse_tests(_string_list(data, "hidden_tests", path, one_string_ok=False), path, "hidden_tests")
    seen: dict[str, str] = {}
    for key, cases in (("tests", tests), ("hidden_tests", hidden)):
        for i, case in enumerate(cases):
            if case.name in seen:
                raise TaskError(path, f"{key}[{i}]", f"test name '{case.name}' is already used in {seen[case.name]}")
            seen[case.name] = key
    signature = data.get("signature", "")
    if not isinstance(signature, str):
        raise TaskError(path, "signature", f"must be a string, got {type(signature).__name__}")
    return Task(
        id=task_id,
        name=_require(data, "name", str, path),
        difficulty=difficulty,
        description=_require(data, "description", str, path),
        signature=signature,
        tests=tests,
        constraints=_string_list(data, "constraints", path),
        hidden_tests=hidden,
        required_files=_required_files(data, path),
        test_imports=_import_lines(data, path),
        tags=_string_list(data, "tags", path),
        source_path=str(path),
        extra={k: v for k, v in data.items() if k not in KNOWN_KEYS},
    )


def read_json(path: Path) -> Any:
    """Decode one JSON file; unreadable, non-UTF-8, invalid or absurdly nested input is a TaskError."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise TaskError(path, None, f"cannot be read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TaskError(path, None, f"is not UTF-8 text (byte {exc.start}: {raw[exc.start:exc.start + 1]!r})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskError(path, None, f"is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise TaskError(path, None, "is nested too deeply to be a task file") from None


def load_task(path: Path | str) -> Any:
    """Load one task JSON file of any registered kind (no ``kind`` key: a code task)."""
    path = Path(path)
    return parse_any(read_json(path), path)


def _task_files(root: Path) -> list[Path]:
    """JSON task files under root, skipping hidden and underscore folders (e.g. ``_refs``)."""
    files = []
    for p in sorted(root.rglob("*.json")):
        rel = p.relative_to(root).parts
        if any(part.startswith((".", "_")) for part in rel):
            continue
        files.append(p)
    return files


def load_tasks(path: Path | str) -> list[Any]:
    """Load a task file or every task file under a folder tree; ids must be unique."""
    path = Path(path)
    if path.is_file():
        return [load_task(path)]
    if not path.is_dir():
        raise TaskError(path, None, "is neither a task file nor a folder")
    tasks: list[Task] = []
    by_id: dict[str, str] = {}
    for file in _task_files(path):
        task = load_task(file)
        if task.id in by_id:
            raise TaskError(file, "id", f"'{task.id}' is already used by {by_id[task.id]}")
        by_id[task.id] = str(file)
        tasks.append(task)
    if not tasks:
        raise TaskError(path, None, "holds no task JSON files")
    return tasks


def merge_task_sets(paths: Iterable[Path | str]) -> dict[str, tuple[Task, list[str]]]:
    """Task id -> (task, names of the paths holding it); a task in several sets counts once and
    must be the same task (same content) in each."""
    merged: dict[str, tuple[Task, list[str]]] = {}
    for path in paths:
        name = Path(path).name
        for task in load_tasks(path):
            if task.id not in merged:
                merged[task.id] = (task, [name])
                continue
            first, sets = merged[task.id]
            if replace(first, source_path="") != replace(task, source_path=""):
                raise TaskError(task.source_path, "id", f"'{task.id}' differs from the task of that id in {first.source_path}")
            sets.append(name)
    return merged
