"""The pytest module the executor writes next to a code candidate's files."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .code import Task, TestCase

#: Lines every generated test module starts with (single-file tasks also import the solution).
TEST_PRELUDE = "import pytest\n"


def build_test_module(task: Task, cases: Iterable[TestCase]) -> str:
    """The test file the executor writes next to the candidate's files."""
    header = [TEST_PRELUDE.rstrip("\n")]
    if not task.is_multi_file:
        header.append("from solution import *  # noqa: F401,F403")
    header.extend(task.test_imports)
    body = "\n\n\n".join(c.source.strip("\n") for c in cases)
    return "\n".join(header) + "\n\n\n" + body + "\n"
