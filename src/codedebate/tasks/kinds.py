"""Task kinds by name: each kind owns its loader, how a task is shown to a model, how an answer
is taken from a reply, and how an answer is scored (visible feedback vs hidden score).

Protocols ask the kind (``kind_of(task)``), never ``if kind == ...``. A task file names its kind
with a top-level ``"kind"`` key; files without one are ``code`` tasks (the thesis format).
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from codedebate.errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult

DEFAULT_KIND = "code"
BUILTIN_MODULES = (
    "codedebate.tasks.code_kind",
    "codedebate.tasks.multiple_choice",
    "codedebate.tasks.pairwise",
    "codedebate.tasks.repository",
)


class TaskError(InputError):
    """A task file is malformed; the message names the file and the field."""

    noun = "field"

    @property
    def path(self) -> str:
        return self.source

    @property
    def field(self) -> str | None:
        return self.key


class AnyTask(Protocol):
    """What every kind's task object offers the protocols and the records."""

    kind: ClassVar[str]
    id: str
    name: str
    difficulty: str
    source_path: str


class Scorer(Protocol):
    """The executor as a kind sees it (code and repository kinds run tests; others do not)."""

    async def arun(self, task: Any, files: dict[str, str], hidden: bool = False) -> "ExecutionResult": ...


class TaskKind(ABC):
    """One kind of task. Subclasses register with :func:`register_kind`."""

    name: ClassVar[str]

    @abstractmethod
    def parse(self, data: dict[str, Any], path: Path) -> AnyTask:
        """Build the task from a decoded JSON object; raise TaskError naming file and field."""

    @abstractmethod
    def render(self, task: Any) -> str:
        """The task as a model sees it (never its hidden tests or gold answer)."""

    @abstractmethod
    def extract(self, task: Any, reply: str) -> Any:
        """The answer in a model's reply (code files, a letter, a preference, ...)."""

    @abstractmethod
    async def score(self, task: Any, answer: Any, scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        """Score an answer: visible checks (feedback agents may see) or the hidden score."""

    def has_hidden(self, task: Any) -> bool:
        """Whether the task has a hidden score beyond the visible one."""
        return False


_KINDS: dict[str, TaskKind] = {}


def register_kind(cls: type[TaskKind]) -> type[TaskKind]:
    """Class decorator: register one instance of a TaskKind under ``cls.name``."""
    _KINDS[cls.name] = cls()
    return cls


def _load_builtins() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


def kind_names() -> list[str]:
    _load_builtins()
    return sorted(_KINDS)


def get_kind(name: str) -> TaskKind:
    _load_builtins()
    try:
        return _KINDS[name]
    except KeyError:
        raise KeyError(f"unknown task kind {name!r} (known: {', '.join(sorted(_KINDS))})") from None


def kind_of(task: AnyTask) -> TaskKind:
    """The kind that owns a task object."""
    return get_kind(type(task).kind)


def parse_any(data: Any, path: Path) -> AnyTask:
    """Dispatch a decoded task file to its kind's loader (``kind`` absent: code)."""
    if not isinstance(data, dict):
        raise TaskError(path, None, f"must hold a JSON object, got {type(data).__name__}")
    name = data.get("kind", DEFAULT_KIND)
    if not isinstance(name, str):
        raise TaskError(path, "kind", f"must be a string, got {type(name).__name__}")
    _load_builtins()
    kind = _KINDS.get(name)
    if kind is None:
        raise TaskError(path, "kind", f"'{name}' is not a task kind (known: {', '.join(sorted(_KINDS))})")
    return kind.parse(data, path)


def gold_verdict(check: str, correct: bool, message: str = "") -> "ExecutionResult":
    """A one-check verdict for kinds scored against a gold answer (no code is run)."""
    from codedebate.executor.results import ExecutionResult, Outcome, TestResult

    outcome = Outcome.PASSED if correct else Outcome.FAILED
    return ExecutionResult(tests=(TestResult(check, outcome, message),), compiles=True)


ExtraColumns = Callable[[Any], dict[str, Any]]
