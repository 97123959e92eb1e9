"""Field checks shared by the task kinds' loaders; each failure names the file and the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .kinds import TaskError

#: Letters, digits, ._- only: a task id names folders (references/<id>/, results/.../<id>/).
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def require(data: dict, key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    if key not in data:
        raise TaskError(path, key, "is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is str and isinstance(value, bool)):
        raise TaskError(path, key, f"must be {kind_name(kind)}, got {type(value).__name__}")
    return value


def kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", list: "a list", dict: "an object", int: "an integer"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def optional_str(data: dict, key: str, path: Path, default: str = "") -> str:
    """A string field that may be absent."""
    if key not in data:
        return default
    return require(data, key, str, path)


def check_id(raw: str, path: Path) -> str:
    """A task id, stripped; it may not be empty or hold path separators or '..' (ids name folders)."""
    task_id = raw.strip()
    if not task_id:
        raise TaskError(path, "id", "must not be empty")
    if not SAFE_ID.fullmatch(task_id) or ".." in task_id:
        raise TaskError(path, "id", f"'{task_id}' may hold only letters, digits, '.', '_' and '-' "
                                    "(it names folders), and no '..'")
    return task_id
