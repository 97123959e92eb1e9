"""The ``repository`` kind: a small package in a folder, an issue text, failing tests, hidden tests.

File format (the task JSON sits beside or above its repository folder)::

    {"kind": "repository", "id": "...", "issue": "what the user saw",
     "repo": "folder/with/the/package",            # relative to the task file
     "visible_tests": ["tests/test_x.py", ...],     # fail because of the bug; agents see them
     "hidden_tests": ["hidden/test_y.py", ...],     # scored at the end, never shown
     "regression_tests": ["tests/test_z.py", ...],  # optional; default: every other test file
     "gold": {"file": "pkg/mod.py", "function": "f"},   # optional: where the bug is
     "category": "local | cross_module | hierarchy",    # optional
     "reference_patch": "reference.patch"}              # optional, relative to the task file

The loader checks that every named file exists inside the folder. An answer is a mapping of
changed files (relative path -> new text); test files always come from the task, never the answer.
Scoring runs each test file in the sandboxed executor (see :mod:`.repo_scoring`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .fields import check_id, optional_str, require
from .kinds import Scorer, TaskError, TaskKind, register_kind
from .repo_scoring import merge, run_test_files

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult

CATEGORIES = ("local", "cross_module", "hierarchy")


def is_test_file(rel: str) -> bool:
    """pytest's default test-file names: test_*.py or *_test.py."""
    name = rel.rsplit("/", 1)[-1]
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


@dataclass(frozen=True)
class RepositoryTask:
    """One bug in one repository."""

    kind: ClassVar[str] = "repository"
    id: str
    issue: str
    repo: Path
    visible_tests: tuple[str, ...]
    hidden_tests: tuple[str, ...] = ()
    regression_tests: tuple[str, ...] | None = None  # None: every other test file of the repository
    gold: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    name: str = ""
    difficulty: str = ""
    category: str = ""
    reference_patch: str = ""  # absolute path of the reference patch file ('' when none)
    source_path: str = ""

    def source_files(self) -> dict[str, str]:
        """Every .py file of the repository except the hidden tests (relative path -> text)."""
        hidden = set(self.hidden_tests)
        return {p.relative_to(self.repo).as_posix(): p.read_text(encoding="utf-8")
                for p in sorted(self.repo.rglob("*.py"))
                if p.relative_to(self.repo).as_posix() not in hidden and "__pycache__" not in p.parts}

    def other_tests(self) -> tuple[str, ...]:
        """The repository's tests that pass before and after the fix (regression checks)."""
        if self.regression_tests is not None:
            return self.regression_tests
        taken = set(self.visible_tests) | set(self.hidden_tests)
        return tuple(p for p in self.source_files() if is_test_file(p) and p not in taken)

    def test_sources(self, paths: tuple[str, ...]) -> dict[str, str]:
        return {p: (self.repo / p).read_text(encoding="utf-8") for p in paths}

    def patched(self, changes: dict[str, str]) -> dict[str, str]:
        """The repository's files with ``changes`` applied (test files never change)."""
        files = self.source_files()
        tests = set(self.visible_tests) | set(self.hidden_tests) | set(self.other_tests())
        files.update({k: v for k, v in changes.items() if k not in tests})
        return files


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
        if gold.get("file") and not (root / gold["file"]).is_file():
            raise TaskError(path, "gold.file", f"'{gold['file']}' is not a file inside {root}")
        category = optional_str(data, "category", path)
        if category and category not in CATEGORIES:
            raise TaskError(path, "category", f"'{category}' is not one of {', '.join(CATEGORIES)}")
        reference = optional_str(data, "reference_patch", path)
        if reference and not (path.parent / reference).is_file():
            raise TaskError(path, "reference_patch", f"'{reference}' is not a file next to the task file")
        regression = (_paths(data, "regression_tests", root, path, required=False)
                      if "regression_tests" in data else None)
        return RepositoryTask(
            id=task_id, issue=require(data, "issue", str, path), repo=root,
            visible_tests=_paths(data, "visible_tests", root, path, required=True),
            hidden_tests=_paths(data, "hidden_tests", root, path, required=False),
            regression_tests=regression, gold=dict(gold), name=optional_str(data, "name", path, task_id),
            difficulty=optional_str(data, "difficulty", path), category=category,
            reference_patch=str((path.parent / reference).resolve()) if reference else "",
            source_path=str(path))

    def render(self, task: RepositoryTask) -> str:
        files = "\n".join(f"- {name}" for name in task.source_files())
        return f"# Issue\n{task.issue.strip()}\n\n# Repository files\n{files}"

    def extract(self, task: RepositoryTask, reply: str) -> str:
        """The reply itself: the repository protocols parse its edits (search/replace blocks)."""
        return reply

    async def score(self, task: RepositoryTask, answer: Any, scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        """Visible: the failing tests plus the other tests (regressions); hidden: the hidden tests.

        ``answer`` maps changed files to their new text. Test names are ``path::name``;
        ``details['groups']`` counts the visible / regression / hidden groups separately.
        """
        if not isinstance(answer, dict):
            raise TypeError(f"a repository answer is a dict of changed files, got {type(answer).__name__}")
        files = task.patched(answer)
        groups = {"hidden": task.hidden_tests} if hidden else {
            "visible": task.visible_tests, "regression": task.other_tests()}
        paths = tuple(p for g in groups.values() for p in g)
        results = await run_test_files(scorer, files, task.test_sources(paths))
        return merge(results, groups)

    def has_hidden(self, task: RepositoryTask) -> bool:
        return bool(task.hidden_tests)
