"""The ``repository`` kind: a small package in a folder, an issue text, failing tests, hidden tests.

File format (the task JSON sits beside or above its repository folder)::

    {"kind": "repository", "id": "...", "issue": "what the user saw",
     "repo": "folder/with/the/package",            # relative to the task file
     "visible_tests": ["tests/test_x.py", ...],     # fail because of the bug; agents see them
     "hidden_tests": ["hidden/test_y.py", ...],     # scored at the end, never shown
     "gold": {"file": "pkg/mod.py", "function": "f"}}   # optional: where the bug is

The loader checks that every named file exists inside the folder. Patches and their scoring
belong to the repository protocol (``codedebate.protocol`` units of the repository study).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import check_id, optional_str, require
from .kinds import Scorer, TaskError, TaskKind, register_kind

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult


@dataclass(frozen=True)
class RepositoryTask:
    """One bug in one repository."""

    kind: ClassVar[str] = "repository"
    id: str
    issue: str
    repo: Path
    visible_tests: tuple[str, ...]
    hidden_tests: tuple[str, ...] = ()
    gold: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    name: str = ""
    difficulty: str = ""
    source_path: str = ""

    def source_files(self) -> dict[str, str]:
        """Every .py file of the repository except the hidden tests (relative path -> text)."""
        hidden = set(self.hidden_tests)
        return {p.relative_to(self.repo).as_posix(): p.read_text(encoding="utf-8")
                for p in sorted(self.repo.rglob("*.py"))
                if p.relative_to(self.repo).as_posix() not in hidden and "__pycache__" not in p.parts}


def _paths(data: dict, key: str, root: Path, path: Path, required: bool) -> tuple[str, ...]:
    raw = data.get(key, [])
    if required and not raw:
        raise TaskError(path, key, "must list at least one test file")
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise TaskError(path, key, "must be a list of file paths inside the repository")
    for i, rel in enumerate(raw):
        target = (root / rel).resolve()
        if root.resolve() not in target.parents or not target.is_file():
            raise TaskError(path, f"{key}[{i}]", f"'{rel}' is not a file inside {root}")
    return tuple(raw)


@register_kind
class RepositoryKind(TaskKind):
    """Shown: the issue and the repository's files; hidden: the hidden test files."""

    name = "repository"

    def parse(self, data: dict[str, Any], path: Path) -> RepositoryTask:
        task_id = check_id(require(data, "id", str, path), path)
        root = (path.parent / require(data, "repo", str, path)).resolve()
        if not root.is_dir():
            raise TaskError(path, "repo", f"'{data['repo']}' is not a folder next to the task file")
        gold = data.get("gold", {})
        if not isinstance(gold, dict) or not all(isinstance(v, str) for v in gold.values()):
            raise TaskError(path, "gold", "must be an object of strings (file, function)")
        return RepositoryTask(
            id=task_id, issue=require(data, "issue", str, path), repo=root,
            visible_tests=_paths(data, "visible_tests", root, path, required=True),
            hidden_tests=_paths(data, "hidden_tests", root, path, required=False),
            gold=dict(gold), name=optional_str(data, "name", path, task_id),
            difficulty=optional_str(data, "difficulty", path), source_path=str(path))

    def render(self, task: RepositoryTask) -> str:
        files = "\n".join(f"- {name}" for name in task.source_files())
        return f"# Issue\n{task.issue.strip()}\n\n# Repository files\n{files}"

    def extract(self, task: RepositoryTask, reply: str) -> str:
        """The reply itself: the repository protocol parses its edits (search/replace blocks)."""
        return reply

    async def score(self, task: RepositoryTask, answer: Any, scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        raise NotImplementedError("repository tasks are scored by the repository protocol's patch runner")

    def has_hidden(self, task: RepositoryTask) -> bool:
        return bool(task.hidden_tests)
