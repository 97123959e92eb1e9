"""The ``code`` kind: write Python that passes pytest tests (the thesis format; the default kind)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from .code import SINGLE_FILE_NAME, Task, parse_task
from .codeblocks import extract_code
from .kinds import Scorer, TaskKind, register_kind

if TYPE_CHECKING:  # pragma: no cover
    from codedebate.executor.results import ExecutionResult


def render_code_task(task: Task) -> str:
    """The task as agents see it: description, signature, constraints, files, visible tests."""
    parts = [f"# Task: {task.name}", task.description.strip()]
    if task.signature.strip():
        parts.append("Signature:\n```python\n" + task.signature.strip() + "\n```")
    if task.constraints:
        parts.append("Constraints:\n" + "\n".join(f"- {c}" for c in task.constraints))
    if task.is_multi_file:
        lines = [f"- {f.name}: {f.description}".rstrip(": ") for f in task.required_files]
        parts.append("The solution consists of these files:\n" + "\n".join(lines))
        if task.test_imports:
            parts.append("The tests import:\n" + "\n".join(task.test_imports))
    tests = "\n\n".join(t.source.strip() for t in task.tests)
    parts.append("Your code must pass these pytest tests:\n```python\n" + tests + "\n```")
    return "\n\n".join(parts)


@register_kind
class CodeKind(TaskKind):
    """Answers are source files; visible tests give feedback, hidden tests the final score."""

    name = "code"

    def parse(self, data: dict[str, Any], path: Path) -> Task:
        return parse_task(data, path)

    def render(self, task: Task) -> str:
        return render_code_task(task)

    def extract(self, task: Task, reply: str) -> dict[str, str]:
        """The reply's code as the task's single file (multi-file tasks are written file by file)."""
        return {SINGLE_FILE_NAME: extract_code(reply)}

    async def score(self, task: Task, answer: dict[str, str], scorer: Scorer, hidden: bool = False) -> "ExecutionResult":
        return await scorer.arun(task, answer, hidden=hidden)

    def has_hidden(self, task: Task) -> bool:
        return bool(task.hidden_tests)
